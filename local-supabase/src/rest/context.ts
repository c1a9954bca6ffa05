// What every /rest/v1 handler works with: the services built once per backend and the request as
// PostgREST reads it.
import type { RoleContext } from '../identity.ts'
import type { Catalogue } from './catalogue.ts'
import { RestError } from './errors.ts'
import type { RoleExecutor, Statement } from './executor.ts'
import type { Page } from './build-sql.ts'
import type { PlanCache } from './plan-cache.ts'

export interface ReadPlan {
  statement: Statement
  page: Page
}

export interface RestServices {
  /** The schema cache of the schema this request reads or writes. */
  catalogue: Catalogue
  executor: RoleExecutor
  plans: PlanCache<ReadPlan>
  /**
   * The services for the schema an Accept-Profile / Content-Profile header names (the first exposed
   * schema without one); PGRST106 for a schema that is not exposed.
   */
  profile(schema: string | undefined): RestServices | Promise<RestServices>
}

export interface RestRequest {
  method: string
  role: RoleContext
  params: URLSearchParams
  /** The query string as sent: with method and headers, the key of the plan cache. */
  rawQuery: string
  header(name: string): string | undefined
  raw: Request
}

const UNKNOWN_NAME_CODES = new Set(['PGRST205', 'PGRST204', 'PGRST202', '42703'])

/**
 * Runs `plan` against the catalogue; when it names something unknown, reloads the catalogue (a
 * migration may have just added it) and tries once more.
 */
export async function withFreshCatalogue<T>(catalogue: Catalogue, plan: () => T): Promise<T> {
  try {
    return plan()
  } catch (error) {
    if (!(error instanceof RestError) || !UNKNOWN_NAME_CODES.has(error.body.code ?? '')) throw error
    if (!(await catalogue.reloadForUnknownName())) throw error
    return plan()
  }
}

/** The closest known name, for PostgREST's "Perhaps you meant" hints. */
export function closestName(name: string, candidates: readonly string[]): string | null {
  let best: string | null = null
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 8) return Infinity
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]
}
