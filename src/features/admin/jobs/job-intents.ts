// The writes of job openings: the list's and each opening's page, through sign-off (while publishing
// needs approval a new opening waits inactive and a live one's edit waits for review).
import { jobOpeningMessages, jobOpeningSchema } from '~/entities/job-opening'
import type { Db } from '~/lib/supabase'
import { signOffIntents } from '../reviews/sign-off-intents'
import { createJobOpening, deleteJobOpening, updateJobOpening } from './api/jobs'

/** `approvalRequired` reads the setting at each save (the route hands it over from the site settings). */
export function jobIntents(approvalRequired: (db: Db) => Promise<boolean>) {
  return signOffIntents(
    'job',
    { schema: jobOpeningSchema, messages: jobOpeningMessages },
    { create: createJobOpening, update: updateJobOpening, remove: deleteJobOpening },
    approvalRequired,
  )
}
