// /rest/v1: the PostgREST dialect that supabase-js speaks, over the local PGlite database. The API
// key and bearer token decide the role; each request is one statement in one transaction as that
// role, so row-level security is the only gate. Errors are PostgREST's, and no input crashes the
// process: anything unexpected is logged and answered with a 500 in the same JSON shape.
import { Hono, type Context } from 'hono'
import type { BackendDeps } from '../deps.ts'
import { resolveIdentity, roleContext, type ApiRole } from '../identity.ts'
import { Catalogue } from './catalogue.ts'
import { type ReadPlan, type RestRequest, type RestServices } from './context.ts'
import { fromPgError, identityError, isPgError, restError, RestError, schemaNotExposed } from './errors.ts'
import { RoleExecutor } from './executor.ts'
import { PlanCache } from './plan-cache.ts'
import { sendError } from './respond.ts'
import { handleRpc } from './rpc.ts'
import { handleTable } from './table.ts'

const PLAN_CACHE_SIZE = 1000
/** Keys, SQL and parameters of cached plans, in UTF-16 code units (about 2 bytes each). */
const PLAN_CACHE_BYTES = 2 * 1024 * 1024
const STALE_NAME_CODES = new Set(['42P01', '42703', '42883'])

/**
 * Hands the response to Hono as it is. When middleware has touched c.res before the handler (CORS
 * sets its headers there), Hono rebuilds a returned Response from its body stream, which costs more
 * than the query; carrying those headers over and installing the response directly keeps the body
 * a plain string that the node adapter writes in one go.
 */
function install(c: Context, response: Response): Response {
  const target = response.headers
  c.res.headers.forEach((value, name) => {
    if (!target.has(name)) target.set(name, value)
  })
  c.res = undefined
  c.res = response
  return response
}

interface LoadOnce {
  /** The load has succeeded: nothing to wait for. */
  readonly done: boolean
  /** The load, started by the first caller and shared by those meanwhile; tried again after a failure. */
  wait(): Promise<void>
}

function loadOnce(load: () => Promise<void>): LoadOnce {
  let running: Promise<void> | null = null
  const state = {
    done: false,
    wait: () =>
      (running ??= load().then(
        () => {
          state.done = true
        },
        (error: unknown) => {
          running = null // try again on the next request
          throw error
        },
      )),
  }
  return state
}

export function createRestRoutes(deps: BackendDeps): Hono {
  // The public schema's cache also carries the API settings (which schemas are exposed); the other
  // exposed schemas get a cache of their own, loaded on first use.
  const primary = new Catalogue(deps.db.pg)
  const executor = new RoleExecutor(deps.db.pg)
  const plans = new PlanCache<ReadPlan>(
    PLAN_CACHE_SIZE,
    PLAN_CACHE_BYTES,
    (plan) => plan.statement.sql.length + plan.statement.params.reduce((sum, param) => sum + (param?.length ?? 0), 0),
  )
  const primaryLoad = loadOnce(() => primary.load())
  const bySchema = new Map<string, { services: RestServices; load: LoadOnce }>()
  const scoped = (catalogue: Catalogue): RestServices => ({ catalogue, executor, plans, profile })
  const services = scoped(primary)
  bySchema.set(primary.schema, { services, load: primaryLoad })

  // A schema whose cache is loaded is answered without waiting (no promise on the hot path).
  function profile(schema: string | undefined): RestServices | Promise<RestServices> {
    const exposed = primary.settings.schemas
    const name = schema === undefined || schema === '' ? exposed[0] : schema
    if (!exposed.includes(name)) throw schemaNotExposed(exposed)
    let entry = bySchema.get(name)
    if (!entry) {
      const catalogue = new Catalogue(deps.db.pg, name)
      entry = { services: scoped(catalogue), load: loadOnce(() => catalogue.load()) }
      bySchema.set(name, entry)
    }
    const { services: found, load } = entry
    return load.done ? found : load.wait().then(() => found)
  }

  async function serve(c: Context, handler: (request: RestRequest) => Promise<Response>): Promise<Response> {
    return install(c, await answer(c, handler))
  }

  async function answer(c: Context, handler: (request: RestRequest) => Promise<Response>): Promise<Response> {
    let role: ApiRole = 'anon'
    try {
      const identity = await resolveIdentity(c, deps.verifier)
      if (!identity.ok) throw identityError(identity)
      role = identity.identity.role
      if (!primaryLoad.done) await primaryLoad.wait()
      const url = c.req.url
      const queryAt = url.indexOf('?')
      const rawQuery = queryAt < 0 ? '' : url.slice(queryAt + 1)
      let params: URLSearchParams | undefined
      return await handler({
        method: c.req.method,
        role: roleContext(c, identity.identity),
        // Parsed only when the plan is not cached.
        get params() {
          return (params ??= new URLSearchParams(rawQuery))
        },
        rawQuery,
        header: (name) => c.req.header(name),
        raw: c.req.raw,
      })
    } catch (error) {
      if (error instanceof RestError) return sendError(error)
      if (isPgError(error)) {
        // The schema changed under a cached name: let the next request see the new catalogue.
        if (STALE_NAME_CODES.has(error.code ?? '')) {
          for (const entry of bySchema.values()) void entry.services.catalogue.reloadForUnknownName().catch(() => undefined)
        }
        return sendError(fromPgError(error, role))
      }
      console.error(`${c.req.method} ${new URL(c.req.url).pathname} failed:`, error)
      return sendError(restError(500, 'PGRST000', 'Internal server error'))
    }
  }

  const routes = new Hono()
  routes.all('/rpc/:name', (c) => serve(c, (request) => handleRpc(services, request, c.req.param('name'))))
  routes.all('/:name', (c) => serve(c, (request) => handleTable(services, request, c.req.param('name'))))
  routes.all('/', (c) =>
    serve(c, async () => {
      throw restError(404, 'PGRST125', 'The local backend does not serve the OpenAPI description; request a table or /rpc/<function>')
    }),
  )
  return routes
}
