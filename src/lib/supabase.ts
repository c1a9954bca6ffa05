// The data-access layer's client side: the typed client type, the browser client and result
// unwrapping. Only this module and supabase.server.ts import supabase-js; data functions in
// src/features/*/api receive a client, and routes and components only ever see plain data.
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js'
import type { Database } from './database.types'

export type Db = SupabaseClient<Database>

/** An account as Supabase Auth describes it. */
export type AuthUser = User

export interface SupabaseConfig {
  url: string
  /** The project's public key: the publishable key, or the legacy anon key. */
  anonKey: string
}

export interface BrowserClientOptions {
  /**
   * Keep the session in localStorage across reloads (the back office's default). Tests that run
   * several signed-in clients in one page pass false so they do not share one stored session.
   */
  persistSession?: boolean
  /** Hand out the page's shared client for this project (default). Tests ask for a new one. */
  shared?: boolean
}

const browserClients = new Map<string, Db>()

/**
 * The browser's client: supabase-js keeps the signed-in session in localStorage and refreshes the
 * access token before it expires. One client per project URL, so every part of the page shares the
 * same session (two clients would race each other refreshing the same refresh token).
 */
export function createBrowserClient(config: SupabaseConfig, options: BrowserClientOptions = {}): Db {
  const persistSession = options.persistSession ?? true
  const cacheKey = `${config.url}|${config.anonKey}`
  const shared = persistSession && (options.shared ?? true)
  const cached = shared ? browserClients.get(cacheKey) : undefined
  if (cached) return cached
  const client = createClient<Database>(config.url, config.anonKey, {
    auth: { persistSession, autoRefreshToken: persistSession, detectSessionInUrl: false },
  })
  if (shared) browserClients.set(cacheKey, client)
  return client
}

interface ResultError {
  message: string
  code?: string
  details?: string | null
  hint?: string | null
}

/**
 * A save refused because it was based on an old version of the row (SQLSTATE 40001 from
 * set_updated_at): who changed the row meanwhile (their e-mail, when known) and its version now.
 */
export class StaleVersionError extends Error {
  readonly updatedAt: string
  readonly updatedBy: string | null
  /** Their name, when their account has one. */
  readonly updatedByName: string | null
  constructor(what: string, updatedAt: string, updatedBy: string | null, updatedByName: string | null = null) {
    super(`${what}: changed by someone else`)
    this.name = 'StaleVersionError'
    this.updatedAt = updatedAt
    this.updatedBy = updatedBy
    this.updatedByName = updatedByName
  }
}

/**
 * The database refused the change for a reason written for the person making it: a refusal
 * (42501) raised by the project's own rules with a hint of what to do, e.g. publishing that needs
 * an approval first. Row-level security's own refusals carry no hint and stay generic.
 */
export class RefusedError extends Error {
  /** The database's message, shown as it is. */
  readonly reason: string
  constructor(what: string, reason: string) {
    super(`${what}: ${reason}`)
    this.name = 'RefusedError'
    this.reason = reason
  }
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

function failure(error: ResultError, what: string): Error {
  if (error.code === '40001' && error.details) {
    try {
      const detail = JSON.parse(error.details) as { updated_at?: unknown; updated_by?: unknown; updated_by_name?: unknown }
      if (typeof detail.updated_at === 'string')
        return new StaleVersionError(what, detail.updated_at, textOrNull(detail.updated_by), textOrNull(detail.updated_by_name))
    } catch {
      // Not our refusal's detail: reported as any other error.
    }
  }
  if (error.code === '42501' && error.hint) return new RefusedError(what, error.message)
  return new Error(`${what}: ${error.message}`)
}

/** Unwraps a supabase-js result: the data, or an Error carrying the server's message for logs. */
export function unwrap<T>(result: { data: T | null; error: ResultError | null }, what: string): T {
  if (result.error) throw failure(result.error, what)
  if (result.data === null) throw new Error(`${what}: no data`)
  return result.data
}

/** Unwraps a result that may hold no row (`maybeSingle()`): the row or null, or an Error carrying the server's message. */
export function unwrapOptional<Result extends { data: unknown; error: { message: string } | null }>(
  result: Result,
  what: string,
): NonNullable<Result['data']> | null {
  if (result.error) throw new Error(`${what}: ${result.error.message}`)
  return (result.data ?? null) as NonNullable<Result['data']> | null
}

/** Checks a write's result (which has no data unless asked for): throws an Error (a StaleVersionError for a stale save) on failure. */
export function check(result: { error: ResultError | null }, what: string): void {
  if (result.error) throw failure(result.error, what)
}

/**
 * What an update adds to name the version it edited: the database refuses it (StaleVersionError)
 * when the row's updated_at is no longer `version`. Nothing when no version is known.
 */
export function versioned(version: string | undefined): { updated_at?: string } {
  return version ? { updated_at: version } : {}
}
