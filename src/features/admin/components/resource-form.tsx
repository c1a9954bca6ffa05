// The add/edit dialog of a list, drawn from its resource description: the fields (plain ones by
// their spec, special ones by a render function), the entity's schema as the form's rules, a draft
// kept while open, and the save posted to the route's clientAction. The form posts what it holds
// and the action turns it into the row with the same schema. A refused save keeps the dialog open
// with what was typed; field errors the action returns appear beside their fields.
import { zodResolver } from '@hookform/resolvers/zod'
import { useRef, useState, type ReactNode } from 'react'
import { useRevalidator } from 'react-router'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import type { ZodType } from 'zod'
import { changedBy } from '~/entities/activity'
import type { ActionResult, Conflict } from '../lib/admin-action'
import { useFormatTime, useNow } from '../lib/time-zone'
import { showFieldErrors, useAdminAction } from '../lib/use-admin-action'
import { useDraftForm } from '../lib/use-draft'
import { usePendingChange } from '../reviews/components/review-state'
import { Field } from './field'
import { FormDialog } from './form-dialog'
import { buttonPrimary, buttonSecondary, checkbox, input, longText } from './styles'
import { TitleInput } from './title-input'

export interface FieldSpec {
  name: string
  label: string
  /** `title`: an editor page's large title; `longtext`: long plain text in its writing column. */
  kind?: 'text' | 'textarea' | 'select' | 'checkbox' | 'title' | 'longtext'
  rows?: number
  options?: readonly (string | { value: string; label: string })[]
  hint?: string
  placeholder?: string
}

export type FormPart<Input extends FieldValues> =
  | FieldSpec
  /** Fields side by side on wider screens. */
  | FieldSpec[]
  | ((form: UseFormReturn<Input>) => ReactNode)

export interface FormDescription<Row, Input extends FieldValues, Values extends FieldValues> {
  schema: ZodType<Values, Input>
  /** Where the draft lives: `<draftKey>:<id>` or `<draftKey>:new`. */
  draftKey: string
  initial: (item: Row | null) => Input
  titles: { create: string; edit: string }
  submitLabels: { create: string; update: string }
  busyLabel?: string
  widthClass?: string
  parts: FormPart<Input>[]
}

/** A dialog's titles and buttons for `noun`: 'Add Client' / 'Edit Client', 'Create Client' / 'Update Client'. */
export function dialogLabels(noun: string, createTitle = `Add ${noun}`): Pick<FormDescription<never, never, never>, 'titles' | 'submitLabels'> {
  return { titles: { create: createTitle, edit: `Edit ${noun}` }, submitLabels: { create: `Create ${noun}`, update: `Update ${noun}` } }
}

export interface ResourceFormProps<Row extends { id: string }, Input extends FieldValues, Values extends FieldValues> {
  description: FormDescription<Row, Input, Values>
  open: boolean
  item: Row | null
  /** The same row as the list has it now (after a reload), or null for a new one. */
  latest: Row | null
  onClose: () => void
}

function FieldControl<Input extends FieldValues>({ spec, form }: { spec: FieldSpec; form: UseFormReturn<Input> }) {
  const registered = form.register(spec.name as Path<Input>)
  if (spec.kind === 'checkbox') {
    return (
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className={checkbox} {...registered} />
        {spec.label}
      </label>
    )
  }
  const error = form.formState.errors[spec.name]?.message
  return (
    <Field label={spec.label} error={typeof error === 'string' ? error : undefined} hint={spec.hint}>
      {spec.kind === 'textarea' ? (
        <textarea rows={spec.rows ?? 3} className={input} placeholder={spec.placeholder} {...registered} />
      ) : spec.kind === 'longtext' ? (
        <textarea rows={spec.rows ?? 8} className={longText} placeholder={spec.placeholder} {...registered} />
      ) : spec.kind === 'title' ? (
        <TitleInput placeholder={spec.placeholder} {...registered} />
      ) : spec.kind === 'select' ? (
        <select className={input} {...registered}>
          {(spec.options ?? []).map((option) =>
            typeof option === 'string' ? (
              <option key={option}>{option}</option>
            ) : (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ),
          )}
        </select>
      ) : (
        <input className={input} placeholder={spec.placeholder} {...registered} />
      )}
    </Field>
  )
}

const ROW_COLUMNS: Record<number, string> = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' }

export function renderParts<Input extends FieldValues>(parts: FormPart<Input>[], form: UseFormReturn<Input>): ReactNode {
  return parts.map((part, index) =>
    typeof part === 'function' ? (
      <div key={index} className="contents">
        {part(form)}
      </div>
    ) : Array.isArray(part) ? (
      <div key={index} className={`grid gap-4 ${ROW_COLUMNS[part.length] ?? 'sm:grid-cols-2'}`}>
        {part.map((spec) => (
          <FieldControl key={spec.name} spec={spec} form={form} />
        ))}
      </div>
    ) : (
      <FieldControl key={part.name} spec={part} form={form} />
    ),
  )
}

/**
 * Posts create or update; calls `onSaved` on success (a dialog closes, a page follows the saved
 * item), shows returned field errors otherwise. An update names the version the form opened, or
 * its own last save's when the form stays open; when someone else saved the row since, `conflict`
 * holds who and when (ConflictNotice offers their version or one's own).
 */
export function useResourceSave<Row extends { id: string; updated_at?: string }, Input extends FieldValues>(
  item: Row | null,
  onSaved: (result: ActionResult) => void,
) {
  const action = useAdminAction()
  // Fixed when the form opens: a list reloaded meanwhile must not move it forward silently.
  const version = useRef(item?.updated_at)
  const setVersion = (next: string | undefined) => {
    version.current = next
  }
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const save = async (values: Input, form: UseFormReturn<Input>): Promise<boolean> => {
    const result: ActionResult = await action.submit(item ? { intent: 'update', id: item.id, values, version: version.current } : { intent: 'create', values })
    setConflict(result.conflict ?? null)
    if (result.ok && result.version) version.current = result.version
    if (result.ok) onSaved(result)
    showFieldErrors(result, form.setError)
    return result.ok
  }
  return { save, busy: action.busy, conflict, setConflict, setVersion }
}

export interface ConflictNoticeProps<Row extends { id: string; updated_at?: string }, Input extends FieldValues> {
  saving: ReturnType<typeof useResourceSave<Row, Input>>
  /** The row as the list has it now (reloaded to show their version). */
  latest: Row | null
  form: UseFormReturn<Input>
  initial: (item: Row) => Input
  onKeepMine: () => void
}

function shown(value: unknown): string {
  const text = Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > 160 ? `${text.slice(0, 160)}…` : text || '(empty)'
}

/**
 * Someone else saved the row while this form was open. "See their version" shows what they saved
 * where it differs and can load it into the form, keeping one's own a click away; "Keep mine" saves
 * one's own over theirs. Nothing typed is lost either way.
 */
export function ConflictNotice<Row extends { id: string; updated_at?: string }, Input extends FieldValues>({
  saving,
  latest,
  form,
  initial,
  onKeepMine,
}: ConflictNoticeProps<Row, Input>) {
  const revalidator = useRevalidator()
  const [mine, setMine] = useState<Input | null>(null)
  const [seeing, setSeeing] = useState(false)
  const formatTime = useFormatTime()
  const now = useNow()
  const { conflict } = saving

  if (mine) {
    return (
      <div role="status" className="flex flex-wrap items-center gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
        <p className="flex-1">The form shows their version. Saving now saves what the form shows.</p>
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => {
            form.reset(mine)
            setMine(null)
          }}
        >
          Back to my version
        </button>
      </div>
    )
  }
  if (!conflict) return null
  // Named as the history and the activity log name them; the refusal carries no role.
  const who = changedBy(conflict.updatedByName, conflict.updatedBy, null)
  const sameDay = formatTime(conflict.updatedAt, 'date') === formatTime(now, 'date')
  const when = formatTime(conflict.updatedAt, sameDay ? 'time' : 'full', true)
  const theirsLoaded = latest?.updated_at !== undefined && Date.parse(latest.updated_at) >= Date.parse(conflict.updatedAt)
  const keepMine = () => {
    saving.setVersion(conflict.updatedAt)
    saving.setConflict(null)
    setSeeing(false)
    onKeepMine()
  }
  let theirs: ReactNode = null
  if (seeing && latest && theirsLoaded) {
    const theirValues = initial(latest) as Record<string, unknown>
    const current = form.getValues() as Record<string, unknown>
    const differences = Object.keys(theirValues).filter((key) => JSON.stringify(theirValues[key]) !== JSON.stringify(current[key]))
    theirs = (
      <>
        <p className="font-medium">Their version differs in:</p>
        <dl className="grid gap-1">
          {differences.map((key) => (
            <div key={key}>
              <dt className="font-mono text-xs">{key}</dt>
              <dd className="break-words">{shown(theirValues[key])}</dd>
            </div>
          ))}
        </dl>
        {differences.length === 0 ? <p>Nothing: their version is the same as yours.</p> : null}
      </>
    )
  } else if (seeing) {
    theirs = <p>Loading their version…</p>
  }
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>
        <strong>{who}</strong> changed this at {when}, after you opened it. Your changes are not saved yet.
      </p>
      {theirs}
      <div className="flex flex-wrap gap-2">
        {seeing && latest && theirsLoaded ? (
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => {
              setMine(form.getValues())
              form.reset(initial(latest))
              saving.setVersion(latest.updated_at)
              saving.setConflict(null)
              setSeeing(false)
            }}
          >
            Use their version
          </button>
        ) : (
          <button
            type="button"
            className={buttonSecondary}
            disabled={seeing}
            onClick={() => {
              setSeeing(true)
              void revalidator.revalidate()
            }}
          >
            See their version
          </button>
        )}
        <button type="button" className={buttonPrimary} onClick={keepMine}>
          Keep mine
        </button>
      </div>
    </div>
  )
}

export function ResourceForm<Row extends { id: string; updated_at?: string }, Input extends FieldValues, Values extends FieldValues>({
  description: d,
  open,
  item,
  latest,
  onClose,
}: ResourceFormProps<Row, Input, Values>) {
  const saving = useResourceSave<Row, Input>(item, onClose)
  const { save, busy } = saving
  // A live item's change waiting for approval is what the form opens on, so a second edit builds on it.
  const pending = usePendingChange(item?.id)
  const { form, dialog } = useDraftForm<Input>({
    draftKey: `${d.draftKey}:${item?.id ?? 'new'}`,
    resolver: zodResolver(d.schema, undefined, { raw: true }),
    initial: d.initial(item && pending ? { ...item, ...pending } : item),
    open,
    onOpenChange: (next) => !next && onClose(),
    onSave: save,
  })
  return (
    <FormDialog
      {...dialog}
      busy={busy}
      title={item ? d.titles.edit : d.titles.create}
      submitLabel={item ? d.submitLabels.update : d.submitLabels.create}
      busyLabel={d.busyLabel ?? 'Saving...'}
      widthClass={d.widthClass}
    >
      <ConflictNotice saving={saving} latest={latest} form={form} initial={d.initial} onKeepMine={() => void dialog.onSubmit()} />
      {renderParts(d.parts, form)}
    </FormDialog>
  )
}
