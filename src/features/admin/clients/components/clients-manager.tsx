import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useConfirm } from '~/components/ui/confirm-dialog'
import { useAdminDb } from '../../components/admin-db-context'
import { ClientIcon } from '../../components/client-icon'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import { buttonPrimary, card, iconButton, iconButtonDanger } from '../../components/styles'
import { listChange } from '../../lib/list-change'
import { notifyDone } from '../../lib/notify'
import { useAdminList } from '../../lib/use-admin-list'
import { useEditor } from '../../lib/use-editor'
import { createClient, deleteClient, listClients, updateClient, type Client } from '../api/clients'
import type { ClientValues } from '../schemas'
import { ClientForm } from './client-form'

export function ClientsManager() {
  const db = useAdminDb()
  const list = useAdminList(listClients, 'Failed to fetch clients')
  const change = listChange(list.reload, notifyDone)
  const editor = useEditor<Client>()
  const { confirm, element: confirmDialog } = useConfirm()

  const save = (values: ClientValues): Promise<boolean> => {
    const editing = editor.item
    return change(
      () => (editing ? updateClient(db, editing.id, values) : createClient(db, values)),
      editing
        ? { failure: 'Failed to update client', success: 'Client updated successfully' }
        : { failure: 'Failed to create client', success: 'Client created successfully' },
      editor.close,
    )
  }

  const remove = async (client: Client) => {
    if (!(await confirm('Are you sure you want to delete this client?'))) return
    await change(() => deleteClient(db, client.id), { failure: 'Failed to delete client', success: 'Client deleted successfully' })
  }

  return (
    <>
      <PageHeader
        title="Clients"
        subtitle="Manage the client logos shown on the website"
        action={
          <button type="button" className={buttonPrimary} onClick={() => editor.start(null)}>
            <Plus aria-hidden className="size-4" /> Add Client
          </button>
        }
      />
      {list.loading ? (
        <Spinner />
      ) : !list.data?.length ? (
        <EmptyState title="No clients found" />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.map((client) => (
            <li key={client.id} className={`${card} flex items-center gap-3 p-3`}>
              <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded border border-slate-200 bg-slate-50 text-slate-600">
                {client.logo_url ? <img src={client.logo_url} alt="" className="max-h-full max-w-full object-contain" /> : <ClientIcon name={client.icon} className="size-5" />}
              </span>
              <div className="min-w-0 flex-1">
                <h2 className="truncate text-sm font-medium text-slate-900">{client.name}</h2>
                <p className="text-xs text-slate-500">{client.logo_url ? 'Logo' : `Icon: ${client.icon}`}</p>
              </div>
              <button type="button" className={iconButton} aria-label={`Edit ${client.name}`} onClick={() => editor.start(client)}>
                <Pencil aria-hidden className="size-4" />
              </button>
              <button type="button" className={iconButtonDanger} aria-label={`Delete ${client.name}`} onClick={() => void remove(client)}>
                <Trash2 aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ClientForm key={editor.session} open={editor.open} item={editor.item} onOpenChange={(open) => !open && editor.close()} onSave={save} />
      {confirmDialog}
    </>
  )
}
