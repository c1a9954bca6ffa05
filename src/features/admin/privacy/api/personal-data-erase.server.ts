// A personal-data erasure, done by the web server: the caller's own token must hold privacy.manage at
// the assurance level its account needs (the database checks both in personal_data); only then does
// the server remove that person's CV files with the service role, which no staff token may do, and
// erase the rows and rewrite the activity log with the caller's token (erase_personal_data).
import type { PersonalData } from '~/entities/personal-data'
import { callerId, type CallerToken } from '~/lib/access-token.server'
import type { Db } from '~/lib/supabase'

/** The caller may not erase personal data (no live session, no permission, or not at its assurance level). */
export class PersonalDataRefused extends Error {
  constructor() {
    super('Only staff who handle personal-data requests can do this')
    this.name = 'PersonalDataRefused'
  }
}

/** The address is not one the database accepts as an e-mail address. */
export class InvalidAddress extends Error {
  constructor() {
    super('Please enter a valid e-mail address')
    this.name = 'InvalidAddress'
  }
}

/** Refusals the database answers with: 42501 (permission, assurance level), 22023 (bad address). */
function refusal(error: { code?: string } | null): Error | null {
  if (error?.code === '42501') return new PersonalDataRefused()
  if (error?.code === '22023') return new InvalidAddress()
  return null
}

/**
 * Erases everything held about `email` and returns how many rows went. `callerDb` sends `caller`'s token with
 * every call; `service` is the service-role client. The CV files are the ones the caller's own look-up
 * names, never files a request names; they go first, while their applications still name them, so
 * erase_personal_data rewrites the log entries of their removal with the rest.
 */
export async function erasePersonalDataAsServer(callerDb: Db, caller: CallerToken, service: Db, email: string): Promise<number> {
  if (!(await callerId(callerDb, caller))) throw new PersonalDataRefused()
  const held = await callerDb.rpc('personal_data', { email })
  if (held.error) throw refusal(held.error) ?? new Error(`Looking up personal data failed: ${held.error.message}`)
  const cvPaths = (held.data as unknown as PersonalData).job_applications.map((a) => a.cv_path)
  if (cvPaths.length) {
    const removed = await service.storage.from('applications').remove(cvPaths)
    if (removed.error) throw new Error(`Removing CV files failed: ${removed.error.message}`)
  }
  const erased = await callerDb.rpc('erase_personal_data', { email })
  if (erased.error) throw refusal(erased.error) ?? new Error(`Erasing personal data failed: ${erased.error.message}`)
  const counts = erased.data as unknown as Record<string, number>
  return (counts.contact_messages ?? 0) + (counts.job_applications ?? 0) + (counts.newsletter_subscriptions ?? 0)
}
