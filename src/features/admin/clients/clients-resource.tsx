// The Clients screen: logos (or icons) in a grid, a dialog with a logo upload.
import { useWatch } from 'react-hook-form'
import { CLIENT_ICONS, clientMessages, clientSchema, type Client, type ClientInput, type ClientValues } from '~/entities/client'
import { formValuesOf } from '~/entities/form-values'
import { ClientIcon } from '../components/client-icon'
import { Field } from '../components/field'
import { ImageUploadButton } from '../components/image-upload-button'
import { dialogLabels } from '../components/resource-form'
import type { ResourceDescription } from '../components/resource-screen'
import { card, input } from '../components/styles'
import type { UseFormReturn } from 'react-hook-form'

function Logo({ url, icon }: { url: string | null | undefined; icon: string }) {
  return (
    <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded border border-slate-200 bg-slate-50 text-slate-600">
      {url && /^(https?:\/\/|\/)/.test(url) ? (
        <img src={url} alt="" className="max-h-full max-w-full object-contain" />
      ) : (
        <ClientIcon name={icon} className="size-5" />
      )}
    </span>
  )
}

function LogoField({ form }: { form: UseFormReturn<ClientInput> }) {
  const icon = useWatch({ control: form.control, name: 'icon' })
  const logo = useWatch({ control: form.control, name: 'logo_url' })
  return (
    <div className="grid gap-2">
      <Field label="Logo URL" error={form.formState.errors.logo_url?.message} hint="Optional: an image address, or upload a file">
        <input className={input} placeholder="https://…" {...form.register('logo_url')} />
      </Field>
      <div className="flex items-center gap-3">
        <ImageUploadButton
          folder="clients"
          label="Logo file"
          onUploaded={(url) => form.setValue('logo_url', url, { shouldDirty: true, shouldValidate: true })}
        />
        <Logo url={logo} icon={icon} />
      </div>
    </div>
  )
}

export const clientsResource: ResourceDescription<Client, ClientInput, ClientValues> = {
  title: 'Clients',
  subtitle: 'Manage the client logos shown on the website',
  addLabel: 'Add Client',
  messages: clientMessages,
  label: (client) => client.name,
  listClass: 'grid gap-2 sm:grid-cols-2 lg:grid-cols-3',
  Item: ({ row: client, controls }) => (
    <li className={`${card} flex items-center gap-3 p-3`}>
      <Logo url={client.logo_url} icon={client.icon} />
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-sm font-medium text-slate-900">{client.name}</h2>
        <p className="text-xs text-slate-500">{client.logo_url ? 'Logo' : `Icon: ${client.icon}`}</p>
      </div>
      {controls.edit}
      {controls.remove}
    </li>
  ),
  form: {
    schema: clientSchema,
    draftKey: 'client',
    initial: (item) => formValuesOf(clientSchema, item),
    ...dialogLabels('Client'),
    parts: [
      { name: 'name', label: 'Name' },
      { name: 'icon', label: 'Icon', kind: 'select', options: CLIENT_ICONS, hint: 'Shown when the client has no logo' },
      (form) => <LogoField form={form} />,
    ],
  },
  review: { kind: 'client', live: (row) => row.published },
}
