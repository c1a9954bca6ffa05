import type { Tables } from '~/lib/database.types'
import { unwrap, type Db } from '~/lib/supabase'

export type Client = Pick<Tables<'clients'>, 'id' | 'name' | 'icon' | 'logo_url'>

/** Clients for the logo marquee, by name. */
export async function getClients(db: Db): Promise<Client[]> {
  return unwrap(await db.from('clients').select('id, name, icon, logo_url').order('name', { ascending: true }), 'Failed to fetch clients')
}
