import type { Db } from '~/lib/supabase'

/**
 * `needsCode`: the person has a verified authenticator, so Supabase Auth lets the link's session
 * (password only, aal1) set a new password only after a code from it.
 */
export type LinkSession = { kind: 'ready'; email: string; needsCode: boolean } | { kind: 'invalid' }

/**
 * The session an e-mailed link (invitation or password recovery) opens. Supabase Auth sends the
 * person back with the session in the URL's fragment, or with a token hash to verify here; a page
 * reloaded after that keeps the session it already has. An expired or used link has neither.
 */
export async function sessionFromLink(db: Db, url: URL, type: 'invite' | 'recovery'): Promise<LinkSession> {
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''))
  const tokenHash = url.searchParams.get('token_hash')
  const code = url.searchParams.get('code')
  let failed = fragment.has('error') || fragment.has('error_code')
  if (!failed && fragment.get('access_token') && fragment.get('refresh_token')) {
    const { error } = await db.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! })
    failed = Boolean(error)
  } else if (!failed && tokenHash) {
    const { error } = await db.auth.verifyOtp({ token_hash: tokenHash, type })
    failed = Boolean(error)
  } else if (!failed && code) {
    const { error } = await db.auth.exchangeCodeForSession(code)
    failed = Boolean(error)
  }
  if (failed) return { kind: 'invalid' }
  const { data } = await db.auth.getUser()
  if (!data.user?.email) return { kind: 'invalid' }
  const { data: level } = await db.auth.mfa.getAuthenticatorAssuranceLevel()
  return { kind: 'ready', email: data.user.email, needsCode: level?.nextLevel === 'aal2' && level.currentLevel !== 'aal2' }
}

/** What /admin/welcome and /admin/reset load: the link's session; its tokens then leave the address bar and the history. */
export async function sessionFromPageLink(db: Db, type: 'invite' | 'recovery'): Promise<LinkSession> {
  const link = await sessionFromLink(db, new URL(window.location.href), type)
  window.history.replaceState(window.history.state, '', window.location.pathname)
  return link
}
