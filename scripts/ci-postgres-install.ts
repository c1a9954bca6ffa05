// The install scripts/ci-postgres.sh moves: a local backend on DATA_DIR (argument 1), seeded, with
// what a real one holds beyond the seed (a lead, an application with its CV, page views) and a
// staff member who signs in with a password and a verified authenticator, all made through the
// local backend's APIs with supabase-js as the site makes them. Stops the backend, then prints the
// staff member's e-mail, password and the secret their authenticator app holds, tab-separated.
// `code-accepted AUTHENTICATOR_SECRET STORED_SECRET` exits 0 when the code that authenticator shows
// now passes GoTrue's check against the stored secret (one 30-second step either side).
// `serve-moved ROWS INSTALL DATA_DIR EMAIL PASSWORD SECRET` runs the site on the moved rows with
// Supabase's current keys only (see serveMoved).
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { bundleBackend } from '../local-supabase/build.ts'
import { STAFF_API_PATH } from '../src/features/admin/staff/api/staff-requests.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../tests/helpers/local-backend.ts'
import { startSite } from '../tests/helpers/site-server.ts'
import { totpAccepted, totpCode } from '../tests/helpers/totp.ts'
import { restoreDataDir } from './lib/local-data.ts'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const STAFF = { email: 'two-factor-editor@example.com', password: 'two-factor-editor-password-1' }

function check(what: string, error: { message: string } | null): void {
  if (error) throw new Error(`${what}: ${error.message}`)
}

async function install(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true })
  await bundleBackend()
  // Supabase's bcrypt cost: the hashes are what a hosted project is given.
  const backend = await startLocalBackend({ TEST_QUICK_HASH: '0' }, dataDir)
  try {
    const service = backend.service()
    const anon = backend.anon()
    const userId = await backend.createUser(STAFF.email, STAFF.password)
    check('staff role', (await service.from('staff_roles').insert({ user_id: userId, role: 'editor' })).error)

    const staff = await backend.signIn(STAFF.email, STAFF.password)
    const enrolled = await staff.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone' })
    check('enrol', enrolled.error)
    const factorId = enrolled.data!.id
    const totpSecret = enrolled.data!.totp.secret
    const challenge = await staff.auth.mfa.challenge({ factorId })
    check('challenge', challenge.error)
    const code = totpCode(totpSecret)
    check('verify', (await staff.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code })).error)

    check(
      'lead',
      (await anon.from('contact_messages').insert({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', message: 'Moving soon?' })).error,
    )
    const cv = `${randomUUID()}/cv.pdf`
    check('CV upload', (await anon.storage.from('applications').upload(cv, PDF, { contentType: 'application/pdf' })).error)
    const opening = await service.from('job_openings').select('id').eq('active', true).limit(1).single()
    check('job opening', opening.error)
    check(
      'application',
      (await anon.from('job_applications').insert({ job_opening_id: opening.data!.id, name: 'Grace', email: 'grace@example.com', cv_path: cv })).error,
    )
    check('page view', (await anon.rpc('record_page_view', { page_path: '/blog' })).error)
    console.log([STAFF.email, STAFF.password, totpSecret].join('\t'))
  } finally {
    await backend.stop()
  }
}

/**
 * Loads rows into a table, each column the table has from the JSON object's key of that name (a
 * project's tables have columns the local backend's lack: they are left behind). Generated columns
 * are computed again; identity columns keep their values, and their sequences continue after them.
 */
const LOAD_ROWS = `
create function pg_temp.load_rows(target regclass, rows json) returns void language plpgsql as $load$
declare
  columns text;
  overriding text;
  sequence_column record;
begin
  select string_agg(quote_ident(attname), ', ' order by attnum), case when bool_or(attidentity = 'a') then 'overriding system value' else '' end
    into columns, overriding
  from pg_attribute where attrelid = target and attnum > 0 and not attisdropped and attgenerated = '';
  execute format('insert into %s (%s) %s select %s from json_populate_recordset(null::%s, $1)', target, columns, overriding, columns, target) using rows;
  -- Sequences go on after the highest value loaded, as the dump's setval calls leave them.
  for sequence_column in
    select attname, pg_get_serial_sequence(target::text, attname) as sequence from pg_attribute
    where attrelid = target and attnum > 0 and not attisdropped and pg_get_serial_sequence(target::text, attname) is not null
  loop
    execute format('select setval(%L, coalesce(max(%I), 0) + 1, false) from %s', sequence_column.sequence, sequence_column.attname, target);
  end loop;
end
$load$;`

/** The SQL that puts the moved rows (one `<schema>.<table>.json` file each, as psql's json_agg wrote them) into a fresh database. */
async function movedRowsSql(rowsDir: string): Promise<string> {
  const tables = (await readdir(rowsDir)).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length))
  const product = tables.filter((table) => !table.startsWith('auth.') && !table.startsWith('storage.'))
  const lines = ['begin;', 'set local session_replication_role = replica;', LOAD_ROWS, `truncate table ${product.join(', ')};`]
  for (const table of tables) {
    const rows = await readFile(path.join(rowsDir, `${table}.json`), 'utf8')
    const tag = `$rows_${randomUUID().replaceAll('-', '')}$`
    lines.push(`select pg_temp.load_rows('${table}', ${tag}${rows.trim() || '[]'}${tag});`)
  }
  lines.push('commit;')
  return lines.join('\n')
}

async function expectOk(what: string, ok: boolean | Promise<boolean>): Promise<void> {
  if (!(await ok)) throw new Error(what)
  console.log(`ci-postgres: ok ${what}`)
}

/** A session of `email` on `backend` through the publishable key, raised to aal2 with `totpSecret` when given. */
async function staffToken(backend: LocalBackend, email: string, password: string, totpSecret?: string): Promise<string> {
  const client = backend.withKey(backend.keys.publishableKey)
  check(`sign-in as ${email}`, (await client.auth.signInWithPassword({ email, password })).error)
  if (totpSecret) {
    const factors = await client.auth.mfa.listFactors()
    check('factors', factors.error)
    const factorId = factors.data!.totp[0].id
    const challenge = await client.auth.mfa.challenge({ factorId })
    check('challenge', challenge.error)
    check('verify', (await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: totpCode(totpSecret) })).error)
  }
  return (await client.auth.getSession()).data.session!.access_token
}

/**
 * docs/deploy.md's last step with Supabase's current keys: the rows the moved PostgreSQL 15
 * database holds, served by the local backend with legacy keys off (tokens ES256, the anon and
 * service-role keys refused), and the web server on SUPABASE_PUBLISHABLE_KEY and
 * SUPABASE_SECRET_KEY alone: the public site shows the moved content, the two-factor staff member
 * signs in with their password and authenticator and gets a token that verifies against the JWKS
 * alone, and the admin's Staff screen and a moved CV's download work through the web server.
 */
async function serveMoved(rowsDir: string, installDir: string, dataDir: string, staffEmail: string, staffPassword: string, totpSecret: string): Promise<void> {
  await restoreDataDir(dataDir, await movedRowsSql(rowsDir), path.join(installDir, 'storage'))
  const backend = await startLocalBackend({ LEGACY_API_KEYS: 'off', TEST_QUICK_HASH: '0' }, dataDir)
  const site = await startSite(backend.url, backend.keys.publishableKey, {
    SUPABASE_SECRET_KEY: backend.keys.secretKey,
    SUPABASE_ANON_KEY: '',
    SUPABASE_SERVICE_ROLE_KEY: '',
    VITE_SUPABASE_ANON_KEY: '',
  })
  try {
    await expectOk(
      'the web server took the publishable and secret keys',
      site.output().includes('Supabase keys: public from SUPABASE_PUBLISHABLE_KEY, secret from SUPABASE_SECRET_KEY'),
    )
    const home = await fetch(`${site.url}/`)
    await expectOk('the home page shows the moved company name', home.status === 200 && (await home.text()).includes('Ledgerfield Technologies'))
    const legacy = await fetch(`${backend.url}/rest/v1/site_settings?select=key`, { headers: { apikey: backend.keys.anonKey } })
    await expectOk('the legacy anon key is refused', legacy.status === 401)

    const staff = await staffToken(backend, staffEmail, staffPassword, totpSecret)
    const header = decodeProtectedHeader(staff)
    const jwks = createRemoteJWKSet(new URL(`${backend.url}/auth/v1/.well-known/jwks.json`))
    const { payload } = await jwtVerify(staff, jwks)
    await expectOk(
      'the two-factor staff member signs in: an aal2 ES256 token that verifies against the JWKS alone',
      header.alg === 'ES256' && payload.aal === 'aal2',
    )

    const admin = await staffToken(backend, TEST_ADMIN.email, TEST_ADMIN.password)
    const staffList = await fetch(`${site.url}${STAFF_API_PATH}`, { headers: { authorization: `Bearer ${admin}` } })
    const listed = staffList.status === 200 ? ((await staffList.json()) as { staff: { email: string; role: string | null }[] }).staff : []
    await expectOk(
      'the Staff screen lists the moved staff member as editor',
      listed.some((m) => m.email === staffEmail && m.role === 'editor'),
    )

    const adminDb = backend.withKey(backend.keys.publishableKey, { authorization: `Bearer ${admin}` })
    const application = await adminDb.from('job_applications').select('id').limit(1).single()
    check('the moved application', application.error)
    const cvLink = await fetch(`${site.url}/admin/api/cv-link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: application.data!.id }),
    })
    const link = cvLink.status === 200 ? ((await cvLink.json()) as { link: string }).link : ''
    const cv = link ? await fetch(link) : null
    const pdf = cv?.status === 200 && (await cv.text()).startsWith('%PDF')
    await expectOk(`the moved CV downloads through a link the web server signed (link ${cvLink.status}, file ${cv?.status ?? 'none'})`, pdf)
  } catch (error) {
    // What the two servers said is what explains a failure here.
    console.error(`web server:\n${site.output().split('\n').slice(-30).join('\n')}\nlocal backend:\n${backend.output().split('\n').slice(-30).join('\n')}`)
    throw error
  } finally {
    await site.stop()
    await backend.stop()
  }
}

const [command, argument] = process.argv.slice(2)
if (command === 'install' && argument) {
  await install(argument)
} else if (command === 'serve-moved' && process.argv.length === 9) {
  const [rowsDir, installDir, dataDir, staffEmail, staffPassword, totpSecret] = process.argv.slice(3)
  try {
    await serveMoved(rowsDir, installDir, dataDir, staffEmail, staffPassword, totpSecret)
  } catch (error) {
    console.error(`ci-postgres: FAIL ${(error as Error).message}`)
    process.exit(1)
  }
} else if (command === 'code-accepted' && argument && process.argv[4]) {
  process.exit(totpAccepted(process.argv[4], totpCode(argument)) ? 0 : 1)
} else {
  console.error(
    'Usage: tsx scripts/ci-postgres-install.ts install DATA_DIR | code-accepted AUTHENTICATOR_SECRET STORED_SECRET | serve-moved ROWS INSTALL DATA_DIR EMAIL PASSWORD SECRET',
  )
  process.exit(2)
}
