// Retention of personal data, applied by the web server every day (on start, then daily), in the
// process that runs chores: apply_personal_data_retention() removes the contact messages,
// applications, unsubscribed addresses and unconfirmed sign-ups older than their periods (site
// settings, shown on the privacy page) and logs the counts in the activity log; the CVs of removed
// applications are then removed through the Storage API with the service-role key, as the unclaimed
// CVs are (storage rows cannot be deleted from SQL). A CV that fails to go now is left without an
// application, so the hourly unclaimed-CV sweep removes it.
import type { Db } from '../src/lib/supabase.ts'
import { createServiceClient } from '../src/lib/supabase.server.ts'

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000
/** The Storage API removes at most this many objects per call. */
const REMOVE_BATCH = 1000

export interface RetentionCounts {
  contactMessages: number
  jobApplications: number
  unsubscribedAddresses: number
  unconfirmedSignUps: number
  cvFiles: number
}

interface RetentionAnswer {
  contact_messages: number
  job_applications: number
  unsubscribed_addresses: number
  unconfirmed_sign_ups: number
  cv_paths: string[]
}

/** Applies every retention period now; returns what went. */
export async function applyRetention(db: Db): Promise<RetentionCounts> {
  const { data, error } = await db.rpc('apply_personal_data_retention')
  if (error) throw new Error(`applying retention failed: ${error.message}`)
  const answer = data as unknown as RetentionAnswer
  let cvFiles = 0
  for (let start = 0; start < answer.cv_paths.length; start += REMOVE_BATCH) {
    const { data: gone, error: removeError } = await db.storage.from('applications').remove(answer.cv_paths.slice(start, start + REMOVE_BATCH))
    if (removeError) throw new Error(`removing CVs past retention failed: ${removeError.message}`)
    cvFiles += gone.length
  }
  return {
    contactMessages: answer.contact_messages,
    jobApplications: answer.job_applications,
    unsubscribedAddresses: answer.unsubscribed_addresses,
    unconfirmedSignUps: answer.unconfirmed_sign_ups,
    cvFiles,
  }
}

/** Applies now and every day; the timer does not keep the process alive. */
export function scheduleRetention(supabaseUrl: string, serviceRoleKey: string): void {
  const db = createServiceClient(supabaseUrl, serviceRoleKey, 'retention')
  const run = () => {
    applyRetention(db).then(
      (c) =>
        console.log(
          `Retention: removed ${c.contactMessages} contact messages, ${c.jobApplications} applications (${c.cvFiles} CV files), ` +
            `${c.unsubscribedAddresses} unsubscribed addresses and ${c.unconfirmedSignUps} unconfirmed sign-ups`,
        ),
      (error: unknown) => console.error(`Retention: ${(error as Error).message}`),
    )
  }
  run()
  setInterval(run, RETENTION_INTERVAL_MS).unref()
}
