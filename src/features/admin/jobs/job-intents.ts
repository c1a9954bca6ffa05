// The writes of job openings: the list's and each opening's page.
import { jobOpeningMessages, jobOpeningSchema } from '~/entities/job-opening'
import { crudIntents } from '../lib/admin-action'
import { createJobOpening, deleteJobOpening, updateJobOpening } from './api/jobs'

export const jobCrud = crudIntents(
  { schema: jobOpeningSchema, messages: jobOpeningMessages },
  { create: createJobOpening, update: updateJobOpening, remove: deleteJobOpening },
)
