import { zodResolver } from '@hookform/resolvers/zod'
import { Field } from '../../components/field'
import { FormDialog } from '../../components/form-dialog'
import { input } from '../../components/styles'
import { useDraftForm } from '../../lib/use-draft'
import type { Testimonial } from '../api/testimonials'
import { testimonialSchema, type TestimonialInput, type TestimonialValues } from '../schemas'

function initialValues(item: Testimonial | null): TestimonialInput {
  return { quote: item?.quote ?? '', name: item?.name ?? '', title: item?.title ?? '', avatar: item?.avatar ?? '', rating: String(item?.rating ?? 5) }
}

export interface TestimonialFormProps {
  open: boolean
  item: Testimonial | null
  onOpenChange: (open: boolean) => void
  onSave: (values: TestimonialValues) => Promise<boolean>
}

export function TestimonialForm({ open, item, onOpenChange, onSave }: TestimonialFormProps) {
  const { form, dialog } = useDraftForm({ draftKey: `testimonial:${item?.id ?? 'new'}`, resolver: zodResolver(testimonialSchema), initial: initialValues(item), open, onOpenChange, onSave })
  const { errors } = form.formState

  return (
    <FormDialog
      {...dialog}
      title={item ? 'Edit Testimonial' : 'Add Testimonial'}
      submitLabel={item ? 'Update Testimonial' : 'Create Testimonial'}
      busyLabel="Saving..."
    >
      <Field label="Quote" error={errors.quote?.message}>
        <textarea rows={4} className={input} {...form.register('quote')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          <input className={input} {...form.register('name')} />
        </Field>
        <Field label="Title" error={errors.title?.message} hint="Position and company">
          <input className={input} {...form.register('title')} />
        </Field>
      </div>
      <Field label="Avatar URL" error={errors.avatar?.message}>
        <input className={input} placeholder="https://…" {...form.register('avatar')} />
      </Field>
      <Field label="Rating" error={errors.rating?.message}>
        <select className={input} {...form.register('rating')}>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={String(n)}>
              {n} {n === 1 ? 'star' : 'stars'}
            </option>
          ))}
        </select>
      </Field>
    </FormDialog>
  )
}
