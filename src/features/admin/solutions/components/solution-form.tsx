import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, Trash2 } from 'lucide-react'
import { useFieldArray } from 'react-hook-form'
import { Field } from '../../components/field'
import { FormDialog } from '../../components/form-dialog'
import { buttonSecondary, iconButtonDanger, input } from '../../components/styles'
import { useDraftForm } from '../../lib/use-draft'
import { featuresOf, type Solution } from '../api/solutions'
import { SOLUTION_ICONS, SOLUTION_STATUSES, solutionSchema, type SolutionValues } from '../schemas'

function initialValues(item: Solution | null): SolutionValues {
  if (!item) {
    return {
      title: '', slug: '', category: '', icon: 'Landmark', status: 'Live', url: '',
      shortdescription: '', longdescription: '', metadescription: '',
      features: [{ title: '', description: '' }], targetaudience: [{ value: '' }],
    }
  }
  return {
    title: item.title,
    slug: item.slug,
    category: item.category,
    icon: (SOLUTION_ICONS as readonly string[]).includes(item.icon) ? (item.icon as SolutionValues['icon']) : 'Landmark',
    status: (SOLUTION_STATUSES as readonly string[]).includes(item.status) ? (item.status as SolutionValues['status']) : 'Live',
    url: item.url,
    shortdescription: item.shortdescription,
    longdescription: item.longdescription,
    metadescription: item.metadescription,
    features: featuresOf(item),
    targetaudience: item.targetaudience.map((value) => ({ value })),
  }
}

export interface SolutionFormProps {
  open: boolean
  item: Solution | null
  onOpenChange: (open: boolean) => void
  onSave: (values: SolutionValues) => Promise<boolean>
}

export function SolutionForm({ open, item, onOpenChange, onSave }: SolutionFormProps) {
  const { form, dialog } = useDraftForm({ draftKey: `solution:${item?.id ?? 'new'}`, resolver: zodResolver(solutionSchema), initial: initialValues(item), open, onOpenChange, onSave })
  const features = useFieldArray({ control: form.control, name: 'features' })
  const audience = useFieldArray({ control: form.control, name: 'targetaudience' })
  const { errors } = form.formState

  return (
    <FormDialog
      {...dialog}
      title={item ? 'Edit Solution' : 'Add Solution'}
      submitLabel={item ? 'Update Solution' : 'Create Solution'}
      busyLabel="Saving..."
      widthClass="max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Title" error={errors.title?.message}>
          <input className={input} {...form.register('title')} />
        </Field>
        <Field label="Slug" error={errors.slug?.message} hint="Lowercase letters, digits and hyphens">
          <input className={input} {...form.register('slug')} />
        </Field>
        <Field label="Category" error={errors.category?.message}>
          <input className={input} {...form.register('category')} />
        </Field>
        <Field label="URL" error={errors.url?.message} hint="The product's website, or Contact Us">
          <input className={input} {...form.register('url')} />
        </Field>
        <Field label="Icon" error={errors.icon?.message}>
          <select className={input} {...form.register('icon')}>
            {SOLUTION_ICONS.map((icon) => (
              <option key={icon}>{icon}</option>
            ))}
          </select>
        </Field>
        <Field label="Status" error={errors.status?.message}>
          <select className={input} {...form.register('status')}>
            {SOLUTION_STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </Field>
      </div>
      <Field label="Short Description" error={errors.shortdescription?.message}>
        <textarea rows={2} className={input} {...form.register('shortdescription')} />
      </Field>
      <Field label="Long Description" error={errors.longdescription?.message} hint="Line breaks start new paragraphs">
        <textarea rows={5} className={input} {...form.register('longdescription')} />
      </Field>
      <Field label="Meta Description" error={errors.metadescription?.message}>
        <textarea rows={2} className={input} {...form.register('metadescription')} />
      </Field>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Features</legend>
        {features.fields.map((field, index) => (
          <div key={field.id} className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_2fr_auto]">
            <input aria-label={`Feature ${index + 1} title`} placeholder="Title" className={input} {...form.register(`features.${index}.title`)} />
            <input aria-label={`Feature ${index + 1} description`} placeholder="Description" className={input} {...form.register(`features.${index}.description`)} />
            <button type="button" className={iconButtonDanger} aria-label={`Remove feature ${index + 1}`} onClick={() => features.remove(index)}>
              <Trash2 aria-hidden className="size-4" />
            </button>
          </div>
        ))}
        <button type="button" className={`${buttonSecondary} justify-self-start`} onClick={() => features.append({ title: '', description: '' })}>
          <Plus aria-hidden className="size-4" /> Add Feature
        </button>
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Target Audience</legend>
        {audience.fields.map((field, index) => (
          <div key={field.id} className="flex gap-2">
            <input aria-label={`Audience ${index + 1}`} placeholder="e.g. Commercial banks" className={input} {...form.register(`targetaudience.${index}.value`)} />
            <button type="button" className={iconButtonDanger} aria-label={`Remove audience ${index + 1}`} onClick={() => audience.remove(index)}>
              <Trash2 aria-hidden className="size-4" />
            </button>
          </div>
        ))}
        <button type="button" className={`${buttonSecondary} justify-self-start`} onClick={() => audience.append({ value: '' })}>
          <Plus aria-hidden className="size-4" /> Add Audience
        </button>
      </fieldset>
    </FormDialog>
  )
}
