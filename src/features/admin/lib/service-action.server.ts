// The web server's routes that act with the secret key for a staff member (staff management, CV
// links, personal-data erasure) answer through serviceAction. It reads the caller's own access
// token, verifies it here (access-token.server.ts), asks the database whether that account holds the
// route's permission at the assurance level it needs, parses the body with the route's schema, and
// only then hands the work a client with the secret key, which never leaves this process. Answers
// are JSON and never cached: 401 without a token, 503 without the secret key, 403 to anyone but a
// live holder of the permission or a refusal the database words, 400 for a body the schema refuses
// or a refusal the work raises; a file the work answers with is sent as it is;
// 500 (the detail in the log only) for any other failure.
import type { RouterContextProvider } from 'react-router'
import type { ZodType } from 'zod'
import type { Permission } from '~/entities/staff-role'
import { callerId } from '~/lib/access-token.server'
import { secretKey, serverEnv } from '~/lib/env.server'
import type { RequestArgs } from '~/lib/site-url.server'
import { RefusedError, type Db } from '~/lib/supabase'
import { createRequestServiceClient, createServerClient, requestIdHeaders } from '~/lib/supabase.server'
import { visitorContext } from '~/lib/visitor-context'
import { refused } from './admin-action'

/** A refusal the person reads as it is: 403 when it is about who asks, 400 about what they asked. */
export class ServiceRefusal extends Error {
  readonly status: 400 | 403
  constructor(message: string, status: 400 | 403 = 400) {
    super(message)
    this.name = 'ServiceRefusal'
    this.status = status
  }
}

/** What the work of a route gets once the caller has passed. */
export interface ServiceCall<Body> {
  body: Body
  /** The caller's user id. */
  userId: string
  /** The caller's own access token, for work that reaches the database on the caller's behalf. */
  accessToken: string
  /** Sends the caller's own token with every call: the database decides what it may do. */
  callerDb: Db
  /** The secret-key client: what no staff token may do. */
  service: Db
  /** The project URL (SUPABASE_URL) both clients talk to. */
  projectUrl: string
  request: Request
  context: Readonly<RouterContextProvider>
}

export interface ServiceRoute<Body, Result extends object> {
  /** The permission the caller's account must hold, at the assurance level it needs. */
  permission: Permission
  /** The body's schema; without one the body is not read (a GET). */
  body?: ZodType<Body>
  /** What the person reads. `failed` may name what the body asked for. */
  messages: {
    /** The server has no secret key (503). */
    unavailable: string
    /** The caller is not a live holder of the permission (403). */
    refused: string
    /** The body does not fit the schema (400; 'Unknown action' when unset). */
    invalid?: string
    /** Anything else went wrong (500). */
    failed: string | ((body: Body) => string)
  }
  /** The work. A result with `ok: false` is a refusal (400); a Response (a file) is sent as it is; any other result is the answer. */
  run: (call: ServiceCall<Body>) => Promise<Result | Response>
}

const noStore = { 'Cache-Control': 'no-store' }

const answer = (body: object, status = 200) => Response.json(body, { status, headers: noStore })

/** The bearer token of a request, or null. */
function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')
  return match ? match[1] : null
}

/**
 * The id of the account behind `token` when its signature holds and the database says it holds
 * `permission` at the level the account needs (has_required_aal: aal2 with a verified
 * authenticator, or for everyone when two-factor is required for all staff), as every policy asks.
 */
async function permittedCaller(callerDb: Db, token: string, projectUrl: string, permission: Permission): Promise<string | null> {
  const userId = await callerId(callerDb, { token, projectUrl })
  if (!userId) return null
  const [held, level] = await Promise.all([callerDb.rpc('has_permission', { permission }), callerDb.rpc('has_required_aal')])
  return held.error || held.data !== true || level.error || level.data !== true ? null : userId
}

/** A route module's loader or action that runs `route.run` with the secret key for a permitted caller. */
export function serviceAction<Body = undefined, Result extends object = object>(route: ServiceRoute<Body, Result>) {
  const { messages } = route
  return async <Args extends RequestArgs>({ request, context }: Args): Promise<Response> => {
    const token = bearerToken(request)
    if (!token) return answer(refused('Sign in first'), 401)
    const key = secretKey()
    if (!key) {
      console.error(`${messages.unavailable}: set SUPABASE_SECRET_KEY in the web server's environment`)
      return answer(refused(messages.unavailable), 503)
    }
    const env = serverEnv()
    // Both clients call under this request's id, so the backend's lines for it can be found.
    const { requestId } = context.get(visitorContext)
    const callerDb = createServerClient(
      { url: env.SUPABASE_URL, anonKey: env.SUPABASE_PUBLISHABLE_KEY },
      { headers: { Authorization: `Bearer ${token}`, ...requestIdHeaders(requestId) } },
    )
    const userId = await permittedCaller(callerDb, token, env.SUPABASE_URL, route.permission)
    if (!userId) return answer(refused(messages.refused), 403)
    let body = undefined as Body
    if (route.body) {
      const parsed = route.body.safeParse(await request.json().catch(() => null))
      if (!parsed.success) return answer(refused(messages.invalid ?? 'Unknown action'), 400)
      body = parsed.data
    }
    const service = createRequestServiceClient(env.SUPABASE_URL, key, requestId)
    try {
      const result = await route.run({ body, userId, accessToken: token, callerDb, service, projectUrl: env.SUPABASE_URL, request, context })
      if (result instanceof Response) return result
      return answer(result, (result as { ok?: unknown }).ok === false ? 400 : 200)
    } catch (error) {
      if (error instanceof ServiceRefusal) return answer(refused(error.message), error.status)
      // The database's own rules said no, with words meant for the person.
      if (error instanceof RefusedError) return answer(refused(error.reason), 403)
      const failed = typeof messages.failed === 'string' ? messages.failed : messages.failed(body)
      console.error(failed, error)
      return answer(refused(failed), 500)
    }
  }
}
