// A personal-data erasure, done by the web server: erase_personal_data, called with the caller's own
// token (which must hold privacy.manage at the assurance level its account needs), erases the rows and
// rewrites the activity log; then the server removes the person's CV files with the service role,
// which no staff token may do, and the local copies of e-mails that name them.
import { privacyMessages } from '~/entities/personal-data'
import type { Db } from '~/lib/supabase'
import { ServiceRefusal } from '../../lib/service-action.server'
import { removeMailCopies } from './mail-copies.server'

/** The caller may not erase personal data (no live session, no permission, or not at its assurance level). */
export class PersonalDataRefused extends ServiceRefusal {
  constructor() {
    super(privacyMessages.eraseRefused, 403)
    this.name = 'PersonalDataRefused'
  }
}

/** The address is not one the database accepts as an e-mail address. */
export class InvalidAddress extends ServiceRefusal {
  constructor() {
    super(privacyMessages.invalidAddress, 400)
    this.name = 'InvalidAddress'
  }
}

/** Refusals the database answers with: 42501 (permission, assurance level), 22023 (bad address). */
function refusal(error: { code?: string } | null): Error | null {
  if (error?.code === '42501') return new PersonalDataRefused()
  if (error?.code === '22023') return new InvalidAddress()
  return null
}

/** What erase_personal_data answers: how many rows and entries went, and the CV files its applications held. */
interface ErasedCounts {
  contact_messages: number
  job_applications: number
  newsletter_subscriptions: number
  cv_paths: string[]
}

/**
 * Erases everything held about `email` and returns how many rows went. `callerDb` sends the caller's
 * token with every call; `service` is the service-role client. The database erases the rows and rewrites the log
 * in one transaction; only once that has committed does the server remove the CV files it named
 * (never files a request names) and the copies of e-mails in `mailDir` that name the address. A CV
 * that cannot be removed now is held by no application any more, so the sweep of unclaimed CVs
 * removes it.
 */
export async function erasePersonalDataAsServer(callerDb: Db, service: Db, email: string, mailDir: string): Promise<number> {
  const erased = await callerDb.rpc('erase_personal_data', { email })
  if (erased.error) throw refusal(erased.error) ?? new Error(`Erasing personal data failed: ${erased.error.message}`)
  const counts = erased.data as unknown as ErasedCounts
  if (counts.cv_paths.length) {
    const removed = await service.storage.from('applications').remove(counts.cv_paths)
    if (removed.error) console.error(`Erasure: ${counts.cv_paths.length} CV files are left to the sweep of unclaimed CVs: ${removed.error.message}`)
  }
  try {
    await removeMailCopies(mailDir, email)
  } catch (error) {
    console.error(`Erasure: the copies of e-mails in ${mailDir} could not be removed: ${(error as Error).message}`)
  }
  return counts.contact_messages + counts.job_applications + counts.newsletter_subscriptions
}
