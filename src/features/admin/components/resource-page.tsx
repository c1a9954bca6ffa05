// An item's own page drawn from a description, for the lists whose items have long text (a
// solution's body, a job's description): the title and the text in the writing column, the other
// fields in the settings panel, the entity's schema as the form's rules, a draft of what is typed
// kept in this tab, and the save posted to the route's clientAction. Create opens the new item's
// page; after Update the page stays, following the saved item. A refused save keeps what was typed.
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import { Link, useLocation, useNavigate } from 'react-router'
import type { ActionResult } from '../lib/admin-action'
import { useBackToList } from '../lib/back-to-list'
import { useDraftForm } from '../lib/use-draft'
import { usePendingChange } from '../reviews/components/review-state'
import { useMediaQuery, WIDE_SCREEN } from '../lib/use-media-query'
import { EditorPage, SettingsSection } from './editor-page'
import { EmptyState } from './empty-state'
import { ConflictNotice, renderParts, useResourceSave, type FormDescription, type FormPart } from './resource-form'
import { buttonSecondary } from './styles'

/** What a dialog's form description says (the schema, the draft, the titles and buttons), with the page's columns for its parts. */
export interface PageDescription<Row, Input extends FieldValues, Values extends FieldValues> extends Omit<
  FormDescription<Row, Input, Values>,
  'parts' | 'widthClass'
> {
  /** The list the items belong to: its address (each page is `<path>/<id>`, a new one `<path>/new`) and its name. */
  list: { path: string; label: string }
  settingsTitle: string
  /** The writing column: the title, then the long text. */
  main: FormPart<Input>[]
  /** The names of the writing column's fields; a broken rule anywhere else opens the settings on a phone. */
  mainFields: readonly string[]
  /** The settings panel's groups; a group without a title is one whose fields have their own legend. */
  settings: { title?: string; parts: FormPart<Input>[] }[]
  /** Sections of a saved item's settings after the fields (its history, its review). */
  saved?: (item: Row, restarted: () => void) => ReactNode
}

export interface ResourcePageProps<Row, Input extends FieldValues, Values extends FieldValues> {
  description: PageDescription<Row, Input, Values>
  /** The item as the page opened it, or null for a new one. */
  item: Row | null
  /** The item as the page's data has it now (read again after a write). */
  latest: Row | null
  /** "Back": the list as it was left. */
  back: string
  onCreated: (id: string) => void
  /** A version was restored: the page starts again from the item as it is now. */
  onRestored: () => void
}

export function ResourcePage<Row extends { id: string; updated_at?: string }, Input extends FieldValues, Values extends FieldValues>({
  description: d,
  item: opened,
  latest,
  back,
  onCreated,
  onRestored,
}: ResourcePageProps<Row, Input, Values>) {
  const [item, setItem] = useState(opened)
  const [sheetOpen, setSheetOpen] = useState(false)
  const wide = useMediaQuery(WIDE_SCREEN)
  // The item as last read, for the moment a save has finished (its answer arrives after the read).
  const current = useRef(latest)
  useEffect(() => {
    current.current = latest
  })
  const onSaved = (result: ActionResult) => {
    if (!item && result.id) onCreated(result.id)
    else if (current.current) setItem(current.current)
  }
  const saving = useResourceSave<Row, Input>(item, onSaved)
  const { save, busy } = saving
  // A live item's change waiting for approval is what the page opens on, so a second edit builds on it.
  const pending = usePendingChange(item?.id)
  const draft = useDraftForm<Input>({
    draftKey: `${d.draftKey}:${item?.id ?? 'new'}`,
    resolver: zodResolver(d.schema, undefined, { raw: true }),
    initial: d.initial(item && pending ? { ...item, ...pending } : item),
    open: true,
    onOpenChange: () => undefined,
    onSave: async (values, form) => {
      const saved = await save(values, form)
      if (saved) setRestoredShown(false)
      return saved
    },
    onInvalid: (errors) => {
      if (!wide && Object.keys(errors).some((name) => !d.mainFields.includes(name))) setSheetOpen(true)
    },
  })
  const { form, dialog } = draft
  // The form started from this tab's draft: said until it is saved or discarded.
  const [restoredShown, setRestoredShown] = useState(draft.restored)

  return (
    <EditorPage
      back={{ to: back, label: d.list.label }}
      heading={item ? d.titles.edit : d.titles.create}
      notices={
        <>
          {restoredShown ? (
            <div className="flex flex-wrap items-center gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
              <p className="flex-1">
                Your unsaved changes from before are restored. They are saved when you press {item ? d.submitLabels.update : d.submitLabels.create}.
              </p>
              <button
                type="button"
                className={buttonSecondary}
                onClick={() => {
                  draft.discard()
                  setRestoredShown(false)
                }}
              >
                Discard changes
              </button>
            </div>
          ) : null}
          <ConflictNotice saving={saving} latest={latest} form={form} initial={d.initial} onKeepMine={() => void dialog.onSubmit()} />
        </>
      }
      settingsTitle={d.settingsTitle}
      settings={
        <>
          {d.settings.map((section, index) => (
            <SettingsSection key={index} title={section.title}>
              {renderParts(section.parts, form)}
            </SettingsSection>
          ))}
          {item && d.saved
            ? d.saved(item, () => {
                // What was typed before the restore is not laid over the restored version.
                draft.discard()
                onRestored()
              })
            : null}
        </>
      }
      sheet={{ open: sheetOpen, setOpen: setSheetOpen }}
      submitLabel={item ? d.submitLabels.update : d.submitLabels.create}
      busyLabel={d.busyLabel ?? 'Saving...'}
      busy={busy}
      onSubmit={(event) => void dialog.onSubmit(event)}
    >
      {renderParts(d.main, form)}
    </EditorPage>
  )
}

/** What an item's page shows when there is no such item (deleted meanwhile, or a mistyped address). */
export function MissingItem({ noun, back, listLabel }: { noun: string; back: string; listLabel: string }) {
  return (
    <EmptyState title={`This ${noun} does not exist, or was deleted`}>
      <Link to={back} className="underline">
        Back to {listLabel}
      </Link>
    </EmptyState>
  )
}

export interface ItemPageProps<Row, Input extends FieldValues, Values extends FieldValues> {
  description: PageDescription<Row, Input, Values>
  /** The item the page's address names; null for a new one or when there is none. */
  item: Row | null
  isNew: boolean
  /** The item's name in "This … does not exist". */
  noun: string
}

/**
 * A route's page of one item (`<list>/<id>`, `<list>/new`): after Create the new item's page takes
 * this one's place in the history (Back still returns to the list); after a version is restored the
 * page starts again from the item as it is now.
 */
export function ItemPage<Row extends { id: string; updated_at?: string }, Input extends FieldValues, Values extends FieldValues>({
  description,
  item,
  isNew,
  noun,
}: ItemPageProps<Row, Input, Values>) {
  const { path, label } = description.list
  const back = useBackToList(path)
  const navigate = useNavigate()
  const location = useLocation()
  const [opening, setOpening] = useState(0)
  if (!item && !isNew) return <MissingItem noun={noun} back={back} listLabel={label.toLowerCase()} />
  return (
    <ResourcePage
      key={`${item?.id ?? 'new'}:${opening}`}
      description={description}
      item={item}
      latest={item}
      back={back}
      onCreated={(id) => void navigate(`${path}/${id}`, { replace: true, state: location.state })}
      onRestored={() => setOpening((n) => n + 1)}
    />
  )
}
