import { zodResolver } from '@hookform/resolvers/zod'
import { Field } from '../../components/field'
import { FormDialog } from '../../components/form-dialog'
import { checkbox, input } from '../../components/styles'
import { useDraftForm } from '../../lib/use-draft'
import type { JobOpening } from '../api/jobs'
import { JOB_TYPES, jobSchema, type JobValues } from '../schemas'

function initialValues(item: JobOpening | null): JobValues {
  return {
    title: item?.title ?? '',
    location: item?.location ?? '',
    department: item?.department ?? '',
    type: item && (JOB_TYPES as readonly string[]).includes(item.type) ? (item.type as JobValues['type']) : 'Full-time',
    description: item?.description ?? '',
    requirements: item?.requirements ?? '',
    active: item?.active ?? true,
  }
}

export interface JobFormProps {
  open: boolean
  item: JobOpening | null
  onOpenChange: (open: boolean) => void
  onSave: (values: JobValues) => Promise<boolean>
}

export function JobForm({ open, item, onOpenChange, onSave }: JobFormProps) {
  const { form, dialog } = useDraftForm({ draftKey: `job:${item?.id ?? 'new'}`, resolver: zodResolver(jobSchema), initial: initialValues(item), open, onOpenChange, onSave })
  const { errors } = form.formState

  return (
    <FormDialog
      {...dialog}
      title={item ? 'Edit Job Opening' : 'Add New Job Opening'}
      submitLabel={item ? 'Update Job Opening' : 'Create Job Opening'}
      busyLabel="Saving..."
    >
      <Field label="Job Title" error={errors.title?.message}>
        <input className={input} {...form.register('title')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Location" error={errors.location?.message}>
          <input className={input} {...form.register('location')} />
        </Field>
        <Field label="Department" error={errors.department?.message}>
          <input className={input} {...form.register('department')} />
        </Field>
        <Field label="Type" error={errors.type?.message}>
          <select className={input} {...form.register('type')}>
            {JOB_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </Field>
      </div>
      <Field label="Description" error={errors.description?.message}>
        <textarea rows={4} className={input} {...form.register('description')} />
      </Field>
      <Field label="Requirements" error={errors.requirements?.message}>
        <textarea rows={4} className={input} {...form.register('requirements')} />
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className={checkbox} {...form.register('active')} />
        Active (visible on careers page)
      </label>
    </FormDialog>
  )
}
