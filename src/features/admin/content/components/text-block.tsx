// One content block (section + key) of plain text fields with its own 'Save Changes'.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { sanitizeHtml } from '~/lib/sanitize-html'
import { useAdminDb } from '../../components/admin-db-context'
import { Field } from '../../components/field'
import { buttonPrimary, card, input } from '../../components/styles'
import { notifyError, notifySuccess } from '../../lib/notify'
import { saveWebsiteContent, type ContentObject } from '../api/website-content'
import { CONTENT_EMPTY, textBlockSchema } from '../schemas'

export interface TextField {
  name: string
  label: string
  rows?: number
  hint?: string
  /** Stored HTML: sanitized on save, like blog posts. */
  html?: boolean
}

export interface TextBlockProps {
  heading: string
  section: string
  contentKey: string
  fields: TextField[]
  content: ContentObject | undefined
  onSaved: () => void
}

export function TextBlock({ heading, section, contentKey, fields, content, onSaved }: TextBlockProps) {
  const db = useAdminDb()
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(textBlockSchema(fields.map((f) => f.name))),
    defaultValues: Object.fromEntries(fields.map((f) => [f.name, typeof content?.[f.name] === 'string' ? (content[f.name] as string) : ''])),
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(
    async (values) => {
      try {
        // Keys this form does not edit (e.g. the hero's imageAlt) are kept as they were.
        const cleaned = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, fields.find((f) => f.name === name)?.html ? sanitizeHtml(value) : value]))
        await saveWebsiteContent(db, section, contentKey, { ...content, ...cleaned })
      } catch (error) {
        notifyError('Failed to update content', error)
        return
      }
      notifySuccess('Content updated successfully')
      onSaved()
    },
    () => notifyError(CONTENT_EMPTY),
  )

  return (
    <form onSubmit={submit} noValidate className={`${card} grid gap-4 p-4`} aria-label={heading}>
      <h2 className="text-sm font-semibold text-slate-900">{heading}</h2>
      {fields.map((field) => (
        <Field key={field.name} label={field.label} hint={field.hint} error={errors[field.name]?.message}>
          {field.rows ? <textarea rows={field.rows} className={input} {...form.register(field.name)} /> : <input className={input} {...form.register(field.name)} />}
        </Field>
      ))}
      <div>
        <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  )
}
