// Supabase clients for server renders, and the web server's own service-role client. Never bundled
// for the browser (.server module).
import { createClient, type RealtimeClientOptions } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { Database } from './database.types'
import type { Db, SupabaseConfig } from './supabase'

// Node 20 has no global WebSocket, which supabase-js requires when it builds a client (realtime
// is unused here). `ws` implements the same API; only its constructor's typing differs.
const transport = WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']>

export interface ServerClientOptions {
  /** The visitor's address, sent as X-Forwarded-For for the database's per-client limits. */
  forwardedFor?: string | null
  /** Extra request headers for every call of this client (e.g. a CV upload's secret). */
  headers?: Record<string, string>
  /** The client's fetch (reads noted for the web server, a release preview's items laid over the answers); the global one by default. */
  fetch?: typeof fetch
}

/** A client for one server render: no session is stored or refreshed on the server. */
export function createServerClient(config: SupabaseConfig, options: ServerClientOptions = {}): Db {
  return createClient<Database>(config.url, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport },
    global: {
      headers: { ...options.headers, ...(options.forwardedFor ? { 'X-Forwarded-For': options.forwardedFor } : {}) },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
  })
}

/**
 * The web server process's service-role client for one of its background chores (server/: the
 * outbox, the purge feed, removing CVs no application claimed). Bypasses row-level security: never
 * for a render or a visitor's request. Its calls go under the chore's id (choreHeaders).
 */
export function createServiceClient(url: string, serviceRoleKey: string, chore: string): Db {
  return serviceRoleClient(url, serviceRoleKey, choreHeaders(chore))
}

/**
 * The service-role client for the work of one staff request the caller's permission was checked
 * for (serviceAction), under that request's id so the backend's log lines can be matched with the
 * server's.
 */
export function createRequestServiceClient(url: string, serviceRoleKey: string, requestId: string | undefined): Db {
  return serviceRoleClient(url, serviceRoleKey, requestIdHeaders(requestId))
}

function serviceRoleClient(url: string, serviceRoleKey: string, headers: Record<string, string>): Db {
  return createClient<Database>(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport },
    global: { headers },
  })
}

/** The web server's id for the request being answered, as X-Request-Id (none outside a request). */
export function requestIdHeaders(requestId: string | undefined): Record<string, string> {
  return requestId ? { 'X-Request-Id': requestId } : {}
}

/**
 * The request id of a background chore's calls (`chore:<name>`): the backend's log names the chore,
 * and keeps its successful polls out of sight unless asked (the local backend's LOG_LEVEL=debug).
 */
export function choreHeaders(chore: string): Record<string, string> {
  return { 'X-Request-Id': `chore:${chore}` }
}
