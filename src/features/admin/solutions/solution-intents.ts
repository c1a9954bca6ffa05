// The writes of a solution's page, and the list's review request. While publishing needs approval,
// a new solution waits unpublished and a live one's edits wait in its draft copy.
import { reviewMessages } from '~/entities/content-review'
import { solutionMessages, solutionSchema } from '~/entities/solution'
import { attempt, crudIntents, type Intent } from '../lib/admin-action'
import { revisionIntents } from '../lib/revisions'
import { approvalRequired, createSolutionForReview, requestReview, saveSolutionForReview } from '../reviews/api/reviews'
import { createSolution, deleteSolution, updateSolution } from './api/solutions'

export const solutionCrud = crudIntents(
  { schema: solutionSchema, messages: solutionMessages, toast: 'done' },
  { create: createSolution, update: updateSolution, remove: deleteSolution },
)

const crudForReview = crudIntents(
  { schema: solutionSchema, messages: { ...solutionMessages, created: reviewMessages.savedForReview, updated: reviewMessages.savedForReview } },
  { create: createSolutionForReview, update: saveSolutionForReview, remove: deleteSolution },
)

export const requestSolutionReview: Intent = (db, body) =>
  attempt(() => requestReview(db, 'solution', String(body.id), null), reviewMessages.requestFailed, reviewMessages.requested)

export const solutionPageIntents: Record<string, Intent> = {
  create: async (db, body) => ((await approvalRequired(db)) ? crudForReview.create(db, body) : solutionCrud.create(db, body)),
  update: async (db, body) => ((await approvalRequired(db)) ? crudForReview.update(db, body) : solutionCrud.update(db, body)),
  restore: revisionIntents.restore,
  requestReview: requestSolutionReview,
}
