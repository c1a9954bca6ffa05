import type { Client, ClientValues } from '~/entities/client'
import { clientMessages as m } from '~/entities/client'
import { unwrap, type Db, versioned } from '~/lib/supabase'

/** Every client with all its fields, by name. */
export async function listClients(db: Db): Promise<Client[]> {
  return unwrap(await db.from('clients').select('*').order('name', { ascending: true }), m.fetchFailed)
}

export async function createClient(db: Db, values: ClientValues): Promise<void> {
  unwrap(await db.from('clients').insert(values).select('id').single(), m.createFailed)
}

export async function updateClient(db: Db, id: string, values: ClientValues, version?: string): Promise<void> {
  unwrap(
    await db
      .from('clients')
      .update({ ...values, ...versioned(version) })
      .eq('id', id)
      .select('id')
      .single(),
    m.updateFailed,
  )
}

export async function deleteClient(db: Db, id: string): Promise<void> {
  unwrap(await db.from('clients').delete().eq('id', id).select('id').single(), m.deleteFailed)
}
