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

/** The exposed schemas' caches (the public one loaded at start, the others on first use) and what their requests share. */
class RestSchemas {
  readonly primaryLoad: LoadOnce
  /** The public schema's services, which also name the API settings (which schemas are exposed). */
  readonly services: RestServices
  private readonly primary: Catalogue
  private readonly executor: RoleExecutor
  private readonly plans: PlanCache<ReadPlan>
  private readonly bySchema = new Map<string, { services: RestServices; load: LoadOnce }>()

  constructor(private readonly pg: BackendDeps['db']['pg']) {
    this.primary = new Catalogue(pg)
    this.executor = new RoleExecutor(pg)
    this.plans = new PlanCache<ReadPlan>(
      PLAN_CACHE_SIZE,
      PLAN_CACHE_BYTES,
      (plan) => plan.statement.sql.length + plan.statement.params.reduce((sum, param) => sum + (param?.length ?? 0), 0),
    )
    this.primaryLoad = loadOnce(() => this.primary.load())
    this.services = this.scoped(this.primary)
    this.bySchema.set(this.primary.schema, { services: this.services, load: this.primaryLoad })
  }

  // A schema whose cache is loaded is answered without waiting (no promise on the hot path).
  private readonly profile = (schema: string | undefined): RestServices | Promise<RestServices> => {
    const exposed = this.primary.settings.schemas
    const name = schema === undefined || schema === '' ? exposed[0] : schema
    if (!exposed.includes(name)) throw schemaNotExposed(exposed)
    let entry = this.bySchema.get(name)
    if (!entry) {
      const catalogue = new Catalogue(this.pg, name)
      entry = { services: this.scoped(catalogue), load: loadOnce(() => catalogue.load()) }
      this.bySchema.set(name, entry)
    }
    const { services: found, load } = entry
    return load.done ? found : load.wait().then(() => found)
  }

  private scoped(catalogue: Catalogue): RestServices {
    return { catalogue, executor: this.executor, plans: this.plans, profile: this.profile }
  }

  /** The schema changed under a cached name: the next request sees the new catalogue. */
  reloadForUnknownName(): void {
    for (const entry of this.bySchema.values()) void entry.services.catalogue.reloadForUnknownName().catch(() => undefined)
  }
}

type RestHandler = (request: RestRequest) => Promise<Response>

/** The handler's answer to the request as the caller's role, or the error it ends in, as PostgREST says it. */
async function answer(c: Context, deps: BackendDeps, schemas: RestSchemas, handler: RestHandler): Promise<Response> {
  let role: ApiRole = 'anon'
  try {
    const identity = await resolveIdentity(c, deps.verifier)
    if (!identity.ok) throw identityError(identity)
    role = identity.identity.role
    if (!schemas.primaryLoad.done) await schemas.primaryLoad.wait()
    return await handler(restRequest(c, roleContext(c, identity.identity)))
  } catch (error) {
    if (error instanceof RestError) return sendError(error)
    if (isPgError(error)) {
      if (STALE_NAME_CODES.has(error.code ?? '')) schemas.reloadForUnknownName()
      return sendError(fromPgError(error, role))
    }
    console.error(`${c.req.method} ${new URL(c.req.url).pathname} failed:`, error)
    return sendError(restError(500, 'PGRST000', 'Internal server error'))
  }
}

function restRequest(c: Context, role: RestRequest['role']): RestRequest {
  const url = c.req.url
  const queryAt = url.indexOf('?')
  const rawQuery = queryAt < 0 ? '' : url.slice(queryAt + 1)
  let params: URLSearchParams | undefined
  return {
    method: c.req.method,
    role,
    // Parsed only when the plan is not cached.
    get params() {
      return (params ??= new URLSearchParams(rawQuery))
    },
    rawQuery,
    header: (name) => c.req.header(name),
    raw: c.req.raw,
  }
}

const noOpenApi: RestHandler = async () => {
  throw restError(404, 'PGRST125', 'The local backend does not serve the OpenAPI description; request a table or /rpc/<function>')
}

export function createRestRoutes(deps: BackendDeps): Hono {
  const schemas = new RestSchemas(deps.db.pg)
  const { services } = schemas
  const serve = async (c: Context, handler: RestHandler) => install(c, await answer(c, deps, schemas, handler))
  const routes = new Hono()
  routes.all('/rpc/:name', (c) => serve(c, (request) => handleRpc(services, request, c.req.param('name'))))
  routes.all('/:name', (c) => serve(c, (request) => handleTable(services, request, c.req.param('name'))))
  routes.all('/', (c) => serve(c, noOpenApi))
  return routes
}
