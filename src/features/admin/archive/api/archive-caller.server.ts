// Who asks the web server for the site as of a moment or for an export: the staff member's own
// access token, checked here and then by the database on every read (only reviewers and admins read
// the record). The secret key, when the server has it, reads the archived files; it never decides who
// may see them.
import { archiveMessages as text } from '~/entities/publication-record'
import { callerId } from '~/lib/access-token.server'
import { secretKey, serverEnv } from '~/lib/env.server'
import { createServerClient, createServiceClient } from '~/lib/supabase.server'
import type { Db } from '~/lib/supabase'

export interface ArchiveCaller {
  token: string
  /** Sends the caller's token with every call. */
  db: Db
  /** The service-role client, for the archived files; null when this server has no secret key. */
  files: Db | null
}

export const archiveNoStore = { 'Cache-Control': 'private, no-store' }

/** A JSON refusal, never kept by a cache. */
export function archiveRefusal(message: string, status: number): Response {
  return Response.json({ ok: false, toast: { kind: 'error', message } }, { status, headers: archiveNoStore })
}

/** The caller behind a request's bearer token (null when it sent none), or the refusal to answer with. */
export async function archiveCaller(token: string | null): Promise<ArchiveCaller | Response> {
  if (!token) return archiveRefusal('Sign in first', 401)
  const env = serverEnv()
  const db = createServerClient({ url: env.SUPABASE_URL, anonKey: env.SUPABASE_PUBLISHABLE_KEY }, { headers: { Authorization: `Bearer ${token}` } })
  if (!(await callerId(db, { token, projectUrl: env.SUPABASE_URL }))) return archiveRefusal(text.refused, 401)
  const key = secretKey()
  return { token, db, files: key ? createServiceClient(env.SUPABASE_URL, key) : null }
}
