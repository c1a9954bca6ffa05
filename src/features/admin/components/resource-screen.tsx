// One screen for every list the back office edits, drawn from a small resource description: the
// header with its add button, the search and filters (kept in the URL), the list with the
// screen's own cells, the empty state, the add/edit dialog (or, for items with long text, links to
// each item's own page) and delete-after-confirmation. Writes go to the route's clientAction; the
// router reloads the list after each one.
import { Pencil, Plus, Trash2 } from 'lucide-react'
import type { ComponentType, ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import { Link, useLocation, useNavigate } from 'react-router'
import { useConfirm } from '~/components/ui/confirm-dialog'
import type { ItemKind } from '~/entities/content-review'
import type { EntityMessages } from '~/entities/messages'
import type { VersionedTable } from '~/entities/revision'
import type { ActionBody } from '../lib/admin-action'
import { fromList } from '../lib/back-to-list'
import { matches } from '../lib/text'
import { useAdminAction } from '../lib/use-admin-action'
import { useEditor } from '../lib/use-editor'
import { useUrlFilters } from '../lib/use-url-filters'
import { SignOffControls } from '../reviews/components/review-state'
import { BulkBar, SelectCheckbox, useSelection, type BulkAction } from './bulk-actions'
import { EmptyState } from './empty-state'
import { HistoryButton, RecentlyDeleted } from './history-panel'
import { PageHeader } from './page-header'
import { ResourceForm, type FormDescription } from './resource-form'
import { SearchBox } from './search-box'
import { buttonPrimary, buttonSecondary, card, iconButton, iconButtonDanger, input } from './styles'

export interface FilterSpec<Row> {
  name: string
  label: string
  /** The first option shows everything; its value is ''. */
  options: (rows: Row[]) => { value: string; label: string }[]
  test: (row: Row, value: string) => boolean
}

/** What a row's cells get: the standard buttons, and a way to post the screen's other intents. */
export interface ItemControls<Row> {
  edit: ReactNode
  remove: ReactNode
  /** The item's History button, on lists whose items keep versions. */
  history: ReactNode
  /** The item's checkbox, on lists with bulk actions. */
  select: ReactNode
  /** The item's sign-off state, Request review and Add to release, on lists of a reviewable kind. */
  review: ReactNode
  run: (body: ActionBody) => void
  busy: boolean
  /** The whole list, unfiltered (e.g. for moving a row one place). */
  all: Row[]
}

export interface EmptyProps<Row> {
  all: Row[]
  onAdd: () => void
}

export interface ResourceDescription<Row extends { id: string; updated_at?: string }, Input extends FieldValues, Values extends FieldValues> {
  title: string
  subtitle: string
  addLabel: string
  messages: Pick<EntityMessages, 'confirmDelete' | 'empty'>
  /** The row's name in its buttons' labels: 'Edit <label>', 'Delete <label>'. */
  label: (row: Row) => string
  search?: { placeholder: string; text: (row: Row) => (string | null | undefined)[] }
  filters?: FilterSpec<Row>[]
  /** Shown between the header and the list (e.g. summary figures). */
  Summary?: ComponentType<{ all: Row[] }>
  listHeading?: (shown: number) => string
  listClass: string
  Item: ComponentType<{ row: Row; controls: ItemControls<Row> }>
  Empty?: ComponentType<EmptyProps<Row>>
  /** The add/edit dialog; a list whose items have pages of their own (`page`) has none. */
  form?: FormDescription<Row, Input, Values>
  /** Each item's own page, and the new item's ('/admin/blog/new'): Add and Edit open it. */
  page?: (row: Row | null) => string
  /** Items keep versions (History on each, Recently deleted for the list); the route handles restore and undelete. */
  versions?: VersionedTable
  /** Items can be selected and changed together; the route handles the 'bulk' intent. */
  bulk?: { actions: BulkAction[]; noun: (count: number) => string }
  /** Items go through sign-off (the route wraps the screen in ReviewStates and handles signOffIntents). */
  review?: { kind: ItemKind; live: (row: Row) => boolean }
}

export function ResourceScreen<Row extends { id: string; updated_at?: string }, Input extends FieldValues, Values extends FieldValues>({
  resource: r,
  rows,
}: {
  resource: ResourceDescription<Row, Input, Values>
  rows: Row[]
}) {
  const editor = useEditor<Row>()
  const action = useAdminAction()
  const navigate = useNavigate()
  const location = useLocation()
  const page = r.page
  const add = page ? () => void navigate(page(null), { state: fromList(location) }) : () => editor.start(null)
  const { confirm, element: confirmDialog } = useConfirm()
  const filterDefaults = Object.fromEntries([['q', ''], ...(r.filters ?? []).map((f) => [f.name, ''])]) as Record<string, string>
  const filters = useUrlFilters(filterDefaults)
  const shown = rows.filter(
    (row) =>
      (!r.search || matches(filters.values.q, ...r.search.text(row))) &&
      (r.filters ?? []).every((f) => filters.values[f.name] === '' || f.test(row, filters.values[f.name])),
  )

  const selection = useSelection(rows.map((row) => row.id))

  const remove = async (row: Row) => {
    if (await confirm(r.messages.confirmDelete)) await action.submit({ intent: 'delete', id: row.id })
  }
  const controls = (row: Row): ItemControls<Row> => ({
    edit: page ? (
      <Link to={page(row)} state={fromList(location)} className={iconButton} aria-label={`Edit ${r.label(row)}`}>
        <Pencil aria-hidden className="size-4" />
      </Link>
    ) : (
      <button type="button" className={iconButton} aria-label={`Edit ${r.label(row)}`} onClick={() => editor.start(row)}>
        <Pencil aria-hidden className="size-4" />
      </button>
    ),
    remove: (
      <button type="button" className={iconButtonDanger} aria-label={`Delete ${r.label(row)}`} onClick={() => void remove(row)}>
        <Trash2 aria-hidden className="size-4" />
      </button>
    ),
    history: r.versions ? <HistoryButton table={r.versions} id={row.id} name={r.label(row)} current={row} /> : null,
    select: r.bulk ? <SelectCheckbox selection={selection} id={row.id} name={r.label(row)} /> : null,
    review: r.review ? (
      <SignOffControls kind={r.review.kind} id={row.id} name={r.label(row)} live={r.review.live(row)} run={(body) => void action.submit(body)} />
    ) : null,
    run: (body) => void action.submit(body),
    busy: action.busy,
    all: rows,
  })
  const Form = r.form
  // The edited row as the list has it now: after a refused save the reloaded list shows theirs.
  const latest = editor.item ? (rows.find((row) => row.id === editor.item?.id) ?? null) : null
  const Empty = r.Empty

  return (
    <>
      <PageHeader
        title={r.title}
        subtitle={r.subtitle}
        action={
          <div className="flex flex-wrap gap-2">
            {r.versions ? <RecentlyDeleted table={r.versions} /> : null}
            {page ? (
              <Link to={page(null)} state={fromList(location)} className={buttonPrimary}>
                <Plus aria-hidden className="size-4" /> {r.addLabel}
              </Link>
            ) : (
              <button type="button" className={buttonPrimary} onClick={add}>
                <Plus aria-hidden className="size-4" /> {r.addLabel}
              </button>
            )}
          </div>
        }
      />
      {r.Summary ? <r.Summary all={rows} /> : null}
      {r.filters ? (
        <div className={`${card} mb-4 grid gap-3 p-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-start`}>
          <div className="[&>div]:mb-0 [&>div]:max-w-none">
            <SearchBox value={filters.values.q} onChange={(q) => filters.set({ q })} placeholder={r.search?.placeholder ?? 'Search...'} />
          </div>
          {r.filters.map((f) => (
            <select
              key={f.name}
              aria-label={f.label}
              className={input}
              value={filters.values[f.name]}
              onChange={(e) => filters.set({ [f.name]: e.target.value })}
            >
              {f.options(rows).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ))}
          <button type="button" className={buttonSecondary} onClick={filters.clear}>
            Clear Filters
          </button>
        </div>
      ) : r.search ? (
        <SearchBox value={filters.values.q} onChange={(q) => filters.set({ q })} placeholder={r.search.placeholder} />
      ) : null}
      {r.bulk && shown.length > 0 ? (
        <BulkBar
          selection={selection}
          shown={shown.map((row) => row.id)}
          actions={r.bulk.actions}
          noun={r.bulk.noun}
          confirm={confirm}
          submit={action.submit}
          busy={action.busy}
        />
      ) : null}
      {r.listHeading ? <h2 className="mb-2 text-sm font-semibold text-slate-900">{r.listHeading(shown.length)}</h2> : null}
      {shown.length === 0 ? (
        Empty ? (
          <Empty all={rows} onAdd={add} />
        ) : (
          <EmptyState title={r.messages.empty} />
        )
      ) : (
        <ul className={r.listClass} aria-busy={action.busy}>
          {shown.map((row) => (
            <r.Item key={row.id} row={row} controls={controls(row)} />
          ))}
        </ul>
      )}
      {Form ? <ResourceForm key={editor.session} description={Form} open={editor.open} item={editor.item} latest={latest} onClose={editor.close} /> : null}
      {confirmDialog}
    </>
  )
}
