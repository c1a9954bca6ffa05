// The writes of a solution's page and of the list, through sign-off: while publishing needs approval
// a new solution waits unpublished and a live one's edits wait as its pending change.
import { solutionMessages, solutionSchema } from '~/entities/solution'
import type { Intent } from '../lib/admin-action'
import { revisionIntents } from '../lib/revisions'
import { signOffIntents } from '../reviews/sign-off-intents'
import { createSolution, deleteSolution, updateSolution } from './api/solutions'

export const solutionCrud = signOffIntents(
  'solution',
  { schema: solutionSchema, messages: solutionMessages, toast: 'done' },
  { create: createSolution, update: updateSolution, remove: deleteSolution },
)

export const solutionPageIntents: Record<string, Intent> = {
  create: solutionCrud.create,
  update: solutionCrud.update,
  restore: revisionIntents.restore,
  requestReview: solutionCrud.requestReview,
  addToRelease: solutionCrud.addToRelease,
}
