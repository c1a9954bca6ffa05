// What every /rest/v1 handler works with: the services built once per backend and the request as
// PostgREST reads it.
import type { RoleContext } from '../identity.ts'
import type { Catalogue } from './catalogue.ts'
import { RestError } from './errors.ts'
import type { RoleExecutor } from './executor.ts'
import type { Page, ReadStatement } from './build-sql.ts'
import type { PlanCache } from './plan-cache.ts'

export interface ReadPlan {
  statement: ReadStatement
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

export { closestName, NAME_MIN_SCORE } from './fuzzy.ts'
