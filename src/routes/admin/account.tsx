import { accountMessages as text, authenticatorNameSchema, changePasswordSchema, displayNameSchema, totpCodeSchema } from '~/entities/staff-member'
import { listMyActivity } from '~/features/admin/activity/api/activity'
import { setDisplayName, signOutOtherSessions } from '~/features/admin/auth/api/account'
import { getStaffSession } from '~/features/admin/auth/api/staff-session'
import { changePassword } from '~/features/admin/auth/api/passwords'
import { listAuthenticators, removeAuthenticator, startEnrollment, verifyCode, type Enrollment } from '~/features/admin/auth/api/two-factor'
import { AccountScreen } from '~/features/admin/account/components/account-screen'
import { adminAction, attempt, refused, loadOr, parseValues, type ActionResult } from '~/features/admin/lib/admin-action'
import { verifierDb } from '~/features/admin/lib/admin-db'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Db } from '~/lib/supabase'
import type { Route } from './+types/account'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('My Account')

async function loadAccount(db: Db) {
  const [session, authenticators, activity] = await Promise.all([
    getStaffSession(db),
    listAuthenticators(db),
    // Before two-factor is set up (when required) the log is closed; the rest of the screen is not.
    listMyActivity(db).catch(() => []),
  ])
  const staff = session.kind === 'staff' ? session.staff : null
  return { email: staff?.email ?? '', name: staff?.name ?? '', setupDue: staff?.twoFactorSetupDue ?? false, authenticators, activity }
}

export async function clientLoader() {
  return await loadOr(text.fetchFailed, loadAccount, { email: '', name: '', setupDue: false, authenticators: [], activity: [] })
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

async function emailOf(db: Db): Promise<string> {
  const { data } = await db.auth.getUser()
  return data.user?.email ?? ''
}

export interface EnrollResult extends ActionResult {
  enrollment?: Enrollment
}

export const clientAction = adminAction({
  name: async (db, body) => {
    const input = parseValues(displayNameSchema, body.values, text.nameFailed)
    return 'error' in input ? input.error : attempt(() => setDisplayName(db, input.values.name), text.nameFailed, text.nameSaved)
  },
  password: async (db, body) => {
    const input = parseValues(changePasswordSchema(await emailOf(db)), body.values, text.passwordFailed)
    if ('error' in input) return input.error
    let outcome: 'changed' | 'wrong-current' = 'changed'
    const result = await attempt(
      async () => (outcome = await changePassword(db, verifierDb(), input.values.current, input.values.password)),
      text.passwordFailed,
    )
    if (!result.ok) return result
    return outcome === 'changed'
      ? { ok: true, toast: { kind: 'success', message: text.passwordChanged } }
      : refused(text.wrongCurrent, { current: text.wrongCurrent })
  },
  'sign-out-others': (db) => attempt(() => signOutOtherSessions(db), text.signOutOthersFailed, text.signedOutOthers),
  enroll: async (db, body) => {
    const input = parseValues(authenticatorNameSchema, body.values, text.factorFailed)
    if ('error' in input) return input.error
    try {
      const enrollment = await startEnrollment(db, input.values.name)
      // Not a write the screen reloads for: the QR code is shown until a code confirms it.
      if (enrollment === 'limit') return refused(text.factorLimit)
      const answer: EnrollResult = { ok: true, enrollment }
      return answer
    } catch (error) {
      console.error(text.factorFailed, error)
      return refused(text.factorFailed)
    }
  },
  'verify-factor': async (db, body) => {
    const input = parseValues(totpCodeSchema, body.values, text.wrongCode)
    if ('error' in input) return input.error
    return (await verifyCode(db, String(body.id), input.values.code))
      ? { ok: true, toast: { kind: 'success', message: text.factorAdded } }
      : refused(text.wrongCode, { code: text.wrongCode })
  },
  'remove-factor': async (db, body) => {
    const input = parseValues(totpCodeSchema, body.values, text.wrongCode)
    if ('error' in input) return input.error
    let passed = false
    const result = await attempt(
      async () => (passed = await removeAuthenticator(db, String(body.id), String(body.proof), input.values.code)),
      text.factorRemoveFailed,
    )
    if (!result.ok) return result
    return passed ? { ok: true, toast: { kind: 'success', message: text.factorRemoved } } : refused(text.wrongCode, { code: text.wrongCode })
  },
})

export default function AdminAccountRoute({ loaderData }: Route.ComponentProps) {
  return <AccountScreen {...loaderData} />
}
