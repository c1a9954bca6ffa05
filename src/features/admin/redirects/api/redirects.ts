import { redirectMessages as m, type Redirect, type RedirectValues } from '~/entities/redirect'
import { unwrap, versioned, type Db } from '~/lib/supabase'

/** Every redirect, the newest first. */
export async function listRedirects(db: Db): Promise<Redirect[]> {
  return unwrap(await db.from('redirects').select('*').order('created_at', { ascending: false }), m.fetchFailed)
}

/** The database's own reason for refusing a redirect (a loop or a chain), which staff can act on. */
export class RedirectRefused extends Error {}

function checked<T>(result: { data: T | null; error: { message: string; code?: string } | null }, what: string): T {
  // 23514: the redirect guard's refusal, 42501: a target on another site without an admin, both
  // written for staff; 23505: the path has a redirect already.
  if ((result.error?.code === '23514' || result.error?.code === '42501') && /redirect/i.test(result.error.message))
    throw new RedirectRefused(result.error.message)
  if (result.error?.code === '23505') throw new RedirectRefused('This path already has a redirect.')
  return unwrap(result, what)
}

export async function createRedirect(db: Db, values: RedirectValues): Promise<void> {
  checked(await db.from('redirects').insert(values).select('id').single(), m.createFailed)
}

export async function updateRedirect(db: Db, id: string, values: RedirectValues, version?: string): Promise<void> {
  checked(
    await db
      .from('redirects')
      .update({ ...values, ...versioned(version) })
      .eq('id', id)
      .select('id')
      .single(),
    m.updateFailed,
  )
}

export async function deleteRedirect(db: Db, id: string): Promise<void> {
  unwrap(await db.from('redirects').delete().eq('id', id).select('id').single(), m.deleteFailed)
}
