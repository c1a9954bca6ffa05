// The web server's environment, checked once at start. The publishable key (or the legacy anon
// key) is public by design; the secret key (or the legacy service-role key) is read only for the
// server-side staff actions and never leaves this process (project-keys.ts reads both names).
import path from 'node:path'
import { publishableKeyOf, secretKeyOf } from './project-keys'
import { z } from './schemas'

const serverEnvSchema = z.object({
  SUPABASE_URL: z.url({ message: 'SUPABASE_URL must be the URL of a Supabase project' }),
  SUPABASE_PUBLISHABLE_KEY: z.string().min(20, 'SUPABASE_PUBLISHABLE_KEY must be the project publishable key (or SUPABASE_ANON_KEY its anon key)'),
})

export type ServerEnv = z.infer<typeof serverEnvSchema>

let cached: ServerEnv | undefined

export function serverEnv(): ServerEnv {
  if (cached) return cached
  const parsed = serverEnvSchema.safeParse({
    SUPABASE_URL: process.env.SUPABASE_URL ?? process.env.VITE_SUPABASE_URL,
    SUPABASE_PUBLISHABLE_KEY: publishableKeyOf()?.value,
  })
  if (!parsed.success) {
    throw new Error(`Invalid web server environment: ${parsed.error.issues.map((i) => i.message).join('; ')}`)
  }
  cached = parsed.data
  return cached
}

/** "The page's own origin", resolved by the browser (browserSupabaseUrl). */
const SAME_ORIGIN = '/'

/**
 * Where the browser reaches the Supabase APIs, and with which (public) key, from configuration
 * only (never from the request, whose Host a client chooses): SUPABASE_BROWSER_URL when set; the
 * page's own origin when SUPABASE_PROXY=1 (the web server then forwards /rest/v1, /auth/v1 and
 * /storage/v1 to the backend, so the browser needs no second origin); otherwise the project URL.
 */
export function browserSupabaseConfig(): { url: string; anonKey: string } {
  const { SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY: anonKey } = serverEnv()
  const explicit = process.env.SUPABASE_BROWSER_URL?.trim()
  if (explicit) return { url: explicit.replace(/\/+$/, ''), anonKey }
  if (process.env.SUPABASE_PROXY === '1') return { url: SAME_ORIGIN, anonKey }
  return { url: SUPABASE_URL, anonKey }
}

/** Why a SUPABASE_IMAGE_TRANSFORMATIONS value is refused. */
export function imageTransformationsRefusal(value: string | undefined): string {
  return `SUPABASE_IMAGE_TRANSFORMATIONS must be on or off, not "${value}"`
}

/**
 * Whether a SUPABASE_IMAGE_TRANSFORMATIONS value turns Storage's image transformations on: `on`
 * (also when unset or empty) or `off`, in any case; null for anything else.
 */
export function parseImageTransformations(value: string | undefined): boolean | null {
  const setting = value?.trim().toLowerCase() || 'on'
  return setting === 'on' ? true : setting === 'off' ? false : null
}

/**
 * Whether the project resizes images (`/storage/v1/render/image`): on unless
 * SUPABASE_IMAGE_TRANSFORMATIONS=off, for a hosted plan without them. The web server refuses a
 * wrong value at start (server/config.ts); under `npm run dev` every page fails and the log says why.
 */
export function imageTransformations(): boolean {
  const value = process.env.SUPABASE_IMAGE_TRANSFORMATIONS
  const on = parseImageTransformations(value)
  if (on === null) throw new Error(`Invalid web server environment: ${imageTransformationsRefusal(value)}`)
  return on
}

/** The project's secret key (SUPABASE_SECRET_KEY, or SUPABASE_SERVICE_ROLE_KEY), or null when this server has none. */
export function secretKey(): string | null {
  return secretKeyOf()?.value ?? null
}

/**
 * Where the copies of e-mails sent without SMTP_URL are: DATA_DIR/mail (DATA_DIR defaults to .data),
 * the folder the web server and the local backend write them to.
 */
export function mailCopiesDir(): string {
  return path.resolve(process.env.DATA_DIR?.trim() || '.data', 'mail')
}
