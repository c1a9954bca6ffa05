import type { Tables } from '~/lib/database.types'
import { fixedImage, type ImageSources } from '~/lib/responsive-image'
import { unwrap, type Db } from '~/lib/supabase'

export type Client = Pick<Tables<'clients'>, 'id' | 'name' | 'icon' | 'logo_url'> & {
  /** The logo's sources at its shown height (48 px), made here so the page's script need not. */
  logo: ImageSources | null
}

/** Clients for the logo marquee, by name; `transform`: whether Storage resizes images here. */
export async function getClients(db: Db, transform: boolean): Promise<Client[]> {
  const rows = unwrap(await db.from('clients').select('id, name, icon, logo_url').order('name', { ascending: true }), 'Failed to fetch clients')
  return rows.map((row) => ({ ...row, logo: row.logo_url ? fixedImage(row.logo_url, { height: 48 }, transform) : null }))
}
