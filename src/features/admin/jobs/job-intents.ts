// The writes of job openings: the list's and each opening's page, through sign-off (while publishing
// needs approval a new opening waits inactive and a live one's edit waits for review).
import { jobOpeningMessages, jobOpeningSchema } from '~/entities/job-opening'
import { signOffIntents } from '../reviews/sign-off-intents'
import { createJobOpening, deleteJobOpening, updateJobOpening } from './api/jobs'

export const jobCrud = signOffIntents(
  'job',
  { schema: jobOpeningSchema, messages: jobOpeningMessages },
  { create: createJobOpening, update: updateJobOpening, remove: deleteJobOpening },
)
