// Environment of the local backend. Every name here is part of the contracts in shared/design.md.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from './bootstrap.ts'

export interface BackendConfig {
  /** Where PGlite, stored files and the generated keys live. */
  dataDir: string
  host: string
  /** 0 picks a free port (tests). */
  port: number
  /** First admin, created on first start with an empty data directory. */
  adminEmail: string
  adminPassword: string
  /** True when the admin credentials are the documented development defaults. */
  adminFromDefaults: boolean
  /** Origins allowed by CORS; '*' reflects any origin (the default, as on Supabase). */
  corsOrigins: string[] | '*'
  /** One log line per request. */
  logRequests: boolean
  /** The request log's level (LOG_LEVEL): at debug it also shows the web server's chores' successful calls. */
  logLevel: string
  /** Readable text instead of JSON lines (LOG_FORMAT=pretty; the default when stdout is a terminal). */
  logPretty: boolean
  /** Flush the WAL to disk at every commit (DURABLE_COMMITS, on unless "0"). */
  durableCommits: boolean
  /** TEST_CLOCK=1: tests may move the TOTP clock forward (test-clock.ts). */
  testClock: boolean
  /** TEST_QUICK_HASH=1: passwords are hashed at bcrypt's minimum cost instead of GoTrue's (tests only). */
  quickHashes: boolean
  /**
   * The project's SQL run when the first account is created, in the same transaction, with the
   * account's id as $1 (FIRST_ADMIN_SQL, a file; e.g. granting it the project's admin role).
   */
  firstAdminSql: string | null
  /** The project's SQL run at start and then daily, as pg_cron would (DAILY_SQL, a file). */
  dailySql: string | null
  /**
   * The project's SQL run every few seconds and whenever the test clock moves, as a hosted project's
   * pg_cron job each minute (SCHEDULED_SQL, a file; e.g. publishing what is due).
   */
  scheduledSql: string | null
  /**
   * The project's SQL that names the client of a request from its X-Forwarded-For chain ($1, the
   * caller's address appended) as one row with an `address` column (CLIENT_ADDRESS_SQL, a file), so
   * sign-in limits key on the client the database's own limits see. Without it, the caller's address.
   */
  clientAddressSql: string | null
  /**
   * The legacy `anon` and `service_role` JWT keys, and tokens signed with the legacy HS256 secret,
   * are accepted (LEGACY_API_KEYS, on unless "off"), as on a Supabase project until its legacy keys
   * are disabled. Off, only the publishable and secret keys and ES256 tokens work.
   */
  legacyApiKeys: boolean
}

/** The log line that tells scripts and tests the backend is listening, followed by its URL. */
export const READY_PREFIX = 'Local Supabase API ready at '
export const DEFAULT_PORT = 54321
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com'
export const DEFAULT_ADMIN_PASSWORD = 'change-me-admin'

/** Reads the repository's .env when there is one; variables already set win. */
export function loadDotEnv(): void {
  const file = path.join(repoRoot, '.env')
  if (existsSync(file)) process.loadEnvFile(file)
}

export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(repoRoot, env.DATA_DIR || '.data')
}

export function resolvePort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SUPABASE_PORT
  if (raw === undefined || raw === '') return DEFAULT_PORT
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`SUPABASE_PORT must be a port number, got "${raw}"`)
  }
  return port
}

/** Where the project keeps the SQL the backend runs on its behalf, unless the environment names other files. */
export const DEFAULT_FIRST_ADMIN_SQL = 'supabase/local/first-admin.sql'
export const DEFAULT_DAILY_SQL = 'supabase/local/daily.sql'
export const DEFAULT_SCHEDULED_SQL = 'supabase/local/scheduled.sql'
export const DEFAULT_CLIENT_ADDRESS_SQL = 'supabase/local/client-address.sql'

/**
 * The SQL of a file named by `variable` (relative to the repository), or of `fallback` when the
 * variable is unset and that file exists; null when neither names one ('' turns it off).
 */
function projectSql(env: NodeJS.ProcessEnv, variable: string, fallback: string): string | null {
  const named = env[variable]
  if (named === '') return null
  const file = path.resolve(repoRoot, named ?? fallback)
  if (!existsSync(file)) {
    if (named === undefined) return null
    throw new Error(`${variable} names a file that does not exist: ${file}`)
  }
  return readFileSync(file, 'utf8')
}

/** LEGACY_API_KEYS: on (the default) or off; anything else is a mistake worth stopping for. */
function readLegacyApiKeys(env: NodeJS.ProcessEnv): boolean {
  const raw = env.LEGACY_API_KEYS?.trim().toLowerCase()
  if (raw === undefined || raw === '' || raw === 'on' || raw === '1') return true
  if (raw === 'off' || raw === '0') return false
  throw new Error(`LEGACY_API_KEYS must be on or off, got "${env.LEGACY_API_KEYS}"`)
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** LOG_LEVEL, as the web server reads it (info by default). */
function readLogLevel(env: NodeJS.ProcessEnv): string {
  const level = env.LOG_LEVEL?.trim() || 'info'
  if (!LOG_LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`)
  return level
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const adminFromDefaults = !env.ADMIN_EMAIL && !env.ADMIN_PASSWORD
  if (!adminFromDefaults && (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD)) {
    throw new Error('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither to use the development defaults')
  }
  const origins = env.CORS_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  return {
    dataDir: resolveDataDir(env),
    host: env.SUPABASE_HOST || '127.0.0.1',
    port: resolvePort(env),
    adminEmail: env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    adminFromDefaults,
    corsOrigins: origins && origins.length > 0 && !origins.includes('*') ? origins : '*',
    logRequests: env.LOG_REQUESTS !== '0',
    logLevel: readLogLevel(env),
    logPretty: (env.LOG_FORMAT?.trim() || (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty',
    durableCommits: env.DURABLE_COMMITS !== '0',
    testClock: env.TEST_CLOCK === '1',
    quickHashes: env.TEST_QUICK_HASH === '1',
    firstAdminSql: projectSql(env, 'FIRST_ADMIN_SQL', DEFAULT_FIRST_ADMIN_SQL),
    dailySql: projectSql(env, 'DAILY_SQL', DEFAULT_DAILY_SQL),
    scheduledSql: projectSql(env, 'SCHEDULED_SQL', DEFAULT_SCHEDULED_SQL),
    clientAddressSql: projectSql(env, 'CLIENT_ADDRESS_SQL', DEFAULT_CLIENT_ADDRESS_SQL),
    legacyApiKeys: readLegacyApiKeys(env),
  }
}
