// The add/edit dialog of a list, drawn from its resource description: the fields (plain ones by
// their spec, special ones by a render function), the entity's schema as the form's rules, a draft
// kept while open, and the save posted to the route's clientAction. A refused save keeps the dialog
// open with what was typed; field errors the action returns appear beside their fields.
import { zodResolver } from '@hookform/resolvers/zod'
import type { ReactNode } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import type { ZodType } from 'zod'
import type { ActionResult } from '../lib/admin-action'
import { useAdminAction } from '../lib/use-admin-action'
import { useDraftForm } from '../lib/use-draft'
import { Field } from './field'
import { FormDialog } from './form-dialog'
import { checkbox, input } from './styles'

export interface FieldSpec {
  name: string
  label: string
  kind?: 'text' | 'textarea' | 'select' | 'checkbox'
  rows?: number
  options?: readonly (string | { value: string; label: string })[]
  hint?: string
  placeholder?: string
}

export type FormPart<Input extends FieldValues, Values extends FieldValues> =
  | FieldSpec
  /** Fields side by side on wider screens. */
  | FieldSpec[]
  | ((form: UseFormReturn<Input, unknown, Values>) => ReactNode)

export interface FormDescription<Row, Input extends FieldValues, Values extends FieldValues> {
  schema: ZodType<Values, Input>
  /** Where the draft lives: `<draftKey>:<id>` or `<draftKey>:new`. */
  draftKey: string
  initial: (item: Row | null) => Input
  titles: { create: string; edit: string }
  submitLabels: { create: string; update: string }
  busyLabel?: string
  widthClass?: string
  parts: FormPart<Input, Values>[]
}

/** A dialog's titles and buttons for `noun`: 'Add Client' / 'Edit Client', 'Create Client' / 'Update Client'. */
export function dialogLabels(noun: string, createTitle = `Add ${noun}`): Pick<FormDescription<never, never, never>, 'titles' | 'submitLabels'> {
  return { titles: { create: createTitle, edit: `Edit ${noun}` }, submitLabels: { create: `Create ${noun}`, update: `Update ${noun}` } }
}

export interface ResourceFormProps<Row extends { id: string }, Input extends FieldValues, Values extends FieldValues> {
  description: FormDescription<Row, Input, Values>
  open: boolean
  item: Row | null
  onClose: () => void
}

function FieldControl<Input extends FieldValues, Values extends FieldValues>({ spec, form }: { spec: FieldSpec; form: UseFormReturn<Input, unknown, Values> }) {
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

export function renderParts<Input extends FieldValues, Values extends FieldValues>(
  parts: FormPart<Input, Values>[],
  form: UseFormReturn<Input, unknown, Values>,
): ReactNode {
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

/** Posts create or update; closes on success, shows returned field errors otherwise. */
export function useResourceSave<Row extends { id: string }, Values extends FieldValues>(item: Row | null, onClose: () => void) {
  const action = useAdminAction()
  const save = async <Input extends FieldValues>(values: Values, form: UseFormReturn<Input, unknown, Values>): Promise<boolean> => {
    const result: ActionResult = await action.submit(item ? { intent: 'update', id: item.id, values } : { intent: 'create', values })
    if (result.ok) onClose()
    for (const [name, message] of Object.entries(result.fieldErrors ?? {})) form.setError(name as Path<Input>, { message })
    return result.ok
  }
  return { save, busy: action.busy }
}

export function ResourceForm<Row extends { id: string }, Input extends FieldValues, Values extends FieldValues>({
  description: d,
  open,
  item,
  onClose,
}: ResourceFormProps<Row, Input, Values>) {
  const { save, busy } = useResourceSave<Row, Values>(item, onClose)
  const { form, dialog } = useDraftForm<Input, Values>({
    draftKey: `${d.draftKey}:${item?.id ?? 'new'}`,
    resolver: zodResolver(d.schema),
    initial: d.initial(item),
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
      {renderParts(d.parts, form)}
    </FormDialog>
  )
}
