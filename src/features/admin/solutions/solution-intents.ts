// The writes of a solution's page and of the list, through sign-off: while publishing needs approval
// a new solution waits unpublished and a live one's edits wait as its pending change.
import { solutionMessages, solutionSchema } from '~/entities/solution'
import type { Db } from '~/lib/supabase'
import type { Intent } from '../lib/admin-action'
import { revisionIntents } from '../lib/revisions'
import { signOffIntents } from '../reviews/sign-off-intents'
import { createSolution, deleteSolution, updateSolution } from './api/solutions'

/** `approvalRequired` reads the setting at each save (the route hands it over from the site settings). */
export function solutionIntents(approvalRequired: (db: Db) => Promise<boolean>) {
  return signOffIntents(
    'solution',
    { schema: solutionSchema, messages: solutionMessages, toast: 'done' },
    { create: createSolution, update: updateSolution, remove: deleteSolution },
    approvalRequired,
  )
}

/** The page's writes. */
export function solutionPageIntents(approvalRequired: (db: Db) => Promise<boolean>): Record<string, Intent> {
  const solution = solutionIntents(approvalRequired)
  return {
    create: solution.create,
    update: solution.update,
    restore: revisionIntents.restore,
    requestReview: solution.requestReview,
    addToRelease: solution.addToRelease,
  }
}
