import { zodResolver } from '@hookform/resolvers/zod'
import { useWatch } from 'react-hook-form'
import { ClientIcon } from '../../components/client-icon'
import { Field } from '../../components/field'
import { FormDialog } from '../../components/form-dialog'
import { ImageUploadButton } from '../../components/image-upload-button'
import { input } from '../../components/styles'
import { useDraftForm } from '../../lib/use-draft'
import type { Client } from '../api/clients'
import { CLIENT_ICONS, clientSchema, type ClientValues } from '../schemas'

function initialValues(item: Client | null): ClientValues {
  const icon = item && (CLIENT_ICONS as readonly string[]).includes(item.icon) ? (item.icon as ClientValues['icon']) : 'Building'
  return { name: item?.name ?? '', icon, logo_url: item?.logo_url ?? '' }
}

export interface ClientFormProps {
  open: boolean
  item: Client | null
  onOpenChange: (open: boolean) => void
  onSave: (values: ClientValues) => Promise<boolean>
}

export function ClientForm({ open, item, onOpenChange, onSave }: ClientFormProps) {
  const { form, dialog } = useDraftForm({ draftKey: `client:${item?.id ?? 'new'}`, resolver: zodResolver(clientSchema), initial: initialValues(item), open, onOpenChange, onSave })
  const { errors } = form.formState
  const icon = useWatch({ control: form.control, name: 'icon' })
  const logo = useWatch({ control: form.control, name: 'logo_url' })

  return (
    <FormDialog
      {...dialog}
      title={item ? 'Edit Client' : 'Add Client'}
      submitLabel={item ? 'Update Client' : 'Create Client'}
      busyLabel="Saving..."
    >
      <Field label="Name" error={errors.name?.message}>
        <input className={input} {...form.register('name')} />
      </Field>
      <Field label="Icon" error={errors.icon?.message} hint="Shown when the client has no logo">
        <select className={input} {...form.register('icon')}>
          {CLIENT_ICONS.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </Field>
      <div className="grid gap-2">
        <Field label="Logo URL" error={errors.logo_url?.message} hint="Optional: an image address, or upload a file">
          <input className={input} placeholder="https://…" {...form.register('logo_url')} />
        </Field>
        <div className="flex items-center gap-3">
          <ImageUploadButton folder="clients" label="Logo file" onUploaded={(url) => form.setValue('logo_url', url, { shouldDirty: true, shouldValidate: true })} />
          <span className="flex size-10 items-center justify-center overflow-hidden rounded border border-slate-200 bg-slate-50 text-slate-600">
            {logo && /^(https?:\/\/|\/)/.test(logo) ? <img src={logo} alt="" className="max-h-full max-w-full object-contain" /> : <ClientIcon name={icon} className="size-5" />}
          </span>
        </div>
      </div>
    </FormDialog>
  )
}
