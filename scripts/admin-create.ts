// `npm run admin:create -- --email E --password P`: makes a staff admin on any Supabase this
// machine holds the secret key for. Two steps, both with the secret key (which never reaches a
// browser): the account through the auth admin API (confirmed, so it can sign in at once), then its
// `admin` row in public.staff_roles through the REST API.
//
// Target: a hosted project when SUPABASE_URL and SUPABASE_SECRET_KEY (or the legacy
// SUPABASE_SERVICE_ROLE_KEY) are set; otherwise the local backend of this DATA_DIR and
// SUPABASE_PORT (its keys are read from DATA_DIR/keys.json).
import { parseArgs } from 'node:util'
import { loadDotEnv, resolveDataDir, resolvePort } from '../local-supabase/src/config.ts'
import { loadOrCreateKeys, readKeys } from '../local-supabase/src/keys.ts'
import { secretKeyOf } from '../src/lib/project-keys.ts'

const USAGE = `Usage: npm run admin:create -- --email <address> --password <password>

Creates a confirmed account with the admin staff role.
  Local backend (default): uses DATA_DIR and SUPABASE_PORT, like npm start.
  Hosted project: set SUPABASE_URL and SUPABASE_SECRET_KEY.
The password needs at least 12 characters.`

const NOT_RUNNING = 'The local backend is not running: start it with npm start or npm run dev'

interface Target {
  url: string
  secretKey: string
  local: boolean
}

class Failure extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
  }
}

function readArguments(): { email: string; password: string } {
  let values: { email?: string; password?: string; help?: boolean }
  try {
    ;({ values } = parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    throw new Failure(`${(error as Error).message}\n\n${USAGE}`, 2)
  }
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const email = values.email?.trim()
  if (!email || !values.password) throw new Failure(`Both --email and --password are required.\n\n${USAGE}`, 2)
  return { email, password: values.password }
}

async function resolveTarget(): Promise<Target> {
  const hostedUrl = process.env.SUPABASE_URL?.trim()
  if (hostedUrl) {
    const secretKey = secretKeyOf()?.value
    if (!secretKey) {
      throw new Failure('SUPABASE_URL is set: set SUPABASE_SECRET_KEY (the project secret key) too, or unset SUPABASE_URL to use the local backend.')
    }
    return { url: hostedUrl.replace(/\/+$/, ''), secretKey, local: false }
  }
  // No keys yet means the local backend has never started in this DATA_DIR.
  if (!(await readKeys(resolveDataDir()))) throw new Failure(NOT_RUNNING)
  const keys = await loadOrCreateKeys(resolveDataDir())
  return { url: `http://127.0.0.1:${resolvePort()}`, secretKey: keys.secretKey, local: true }
}

interface ApiAnswer {
  status: number
  body: Record<string, unknown>
}

async function call(target: Target, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> {
  let response: Response
  try {
    response = await fetch(`${target.url}${path}`, {
      method,
      headers: {
        apikey: target.secretKey,
        authorization: `Bearer ${target.secretKey}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
  } catch (error) {
    if (target.local) throw new Failure(NOT_RUNNING)
    throw new Failure(`Could not reach ${target.url}: ${(error as Error).cause ?? (error as Error).message}`)
  }
  const text = await response.text()
  let parsed: unknown = {}
  try {
    parsed = text ? JSON.parse(text) : {}
  } catch {
    parsed = { message: text.slice(0, 200) }
  }
  return { status: response.status, body: typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {} }
}

/** The message of a GoTrue (msg / message) or PostgREST (message) error body. */
function messageOf(answer: ApiAnswer): string {
  const { body } = answer
  const text = [body.msg, body.message, body.error_description, body.error].find((v) => typeof v === 'string')
  return `${(text as string | undefined) ?? 'no details'} (HTTP ${answer.status})`
}

async function main(): Promise<void> {
  loadDotEnv()
  const { email, password } = readArguments()
  const target = await resolveTarget()

  const created = await call(target, 'POST', '/auth/v1/admin/users', { email, password, email_confirm: true })
  if (created.status !== 200) {
    const code = created.body.error_code ?? created.body.code
    if (code === 'email_exists') throw new Failure(`An account with the e-mail ${email} already exists; nothing was changed.`)
    if (code === 'weak_password') throw new Failure(`The password was refused: ${messageOf(created)}`)
    if (created.status === 401 || created.status === 403) {
      throw new Failure(`The secret key was refused by ${target.url}: ${messageOf(created)}`)
    }
    throw new Failure(`Creating the account failed: ${messageOf(created)}`)
  }
  const userId = created.body.id
  if (typeof userId !== 'string') throw new Failure('Creating the account failed: the auth API answered without a user id')

  const granted = await call(target, 'POST', '/rest/v1/staff_roles', { user_id: userId, role: 'admin' }, { prefer: 'return=minimal' })
  if (granted.status !== 201 && granted.status !== 204 && granted.status !== 200) {
    // Without its role the account is useless and would block a retry with the same e-mail.
    const undone = await call(target, 'DELETE', `/auth/v1/admin/users/${userId}`).catch(() => null)
    const cleanup = undone && undone.status === 200 ? 'the account was removed again' : `remove the account ${userId} by hand`
    throw new Failure(`Granting the admin role failed: ${messageOf(granted)}; ${cleanup}.`)
  }
  console.log(`Created admin ${email} (user id ${userId}) on ${target.url}. They can sign in at /admin/login.`)
}

main().catch((error: unknown) => {
  if (error instanceof Failure) {
    console.error(error.message)
    process.exit(error.exitCode)
  }
  console.error('admin:create failed:', error)
  process.exit(1)
})
