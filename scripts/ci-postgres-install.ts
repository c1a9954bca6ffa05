// The install scripts/ci-postgres.sh moves: a local backend on DATA_DIR (argument 1), seeded, with
// what a real one holds beyond the seed (a lead, an application with its CV, page views) and a
// staff member who signs in with a password and a verified authenticator, all made through the
// local backend's APIs with supabase-js as the site makes them. Stops the backend, then prints the
// staff member's e-mail, password and the secret their authenticator app holds, tab-separated. `totp-code SECRET` prints the code that authenticator shows now; `totp-valid SECRET CODE`
// exits 0 when CODE passes GoTrue's check against SECRET (one 30-second step either side).
import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { Secret, TOTP } from 'otpauth'
import { bundleBackend } from '../local-supabase/build.ts'
import { startLocalBackend } from '../tests/helpers/local-backend.ts'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const STAFF = { email: 'two-factor-editor@example.com', password: 'two-factor-editor-password-1' }

/** What an authenticator app shows for `secret` (RFC 6238: SHA-1, 6 digits, 30 s), as GoTrue checks it. */
function totpFor(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })
}

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
    const code = totpFor(totpSecret).generate()
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

const [command, argument] = process.argv.slice(2)
if (command === 'install' && argument) {
  await install(argument)
} else if (command === 'code-accepted' && argument && process.argv[4]) {
  const code = totpFor(argument).generate()
  process.exit(totpFor(process.argv[4]).validate({ token: code, window: 1 }) === null ? 1 : 0)
} else {
  console.error('Usage: tsx scripts/ci-postgres-install.ts install DATA_DIR | code-accepted AUTHENTICATOR_SECRET STORED_SECRET')
  process.exit(2)
}
