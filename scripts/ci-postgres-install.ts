// The install scripts/ci-postgres.sh moves: a local backend on DATA_DIR (argument 1), seeded, with
// what a real one holds beyond the seed (a lead, an application with its CV, page views) and a
// staff member who signs in with a password and a verified authenticator, all made through the
// local backend's APIs with supabase-js as the site makes them. Stops the backend, then prints the
// staff member's e-mail, password and the secret their authenticator app holds, tab-separated.
// `code-accepted AUTHENTICATOR_SECRET STORED_SECRET` exits 0 when the code that authenticator shows
// now passes GoTrue's check against the stored secret (one 30-second step either side).
import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { bundleBackend } from '../local-supabase/build.ts'
import { startLocalBackend } from '../tests/helpers/local-backend.ts'
import { totpAccepted, totpCode } from '../tests/helpers/totp.ts'

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

const [command, argument] = process.argv.slice(2)
if (command === 'install' && argument) {
  await install(argument)
} else if (command === 'code-accepted' && argument && process.argv[4]) {
  process.exit(totpAccepted(process.argv[4], totpCode(argument)) ? 0 : 1)
} else {
  console.error('Usage: tsx scripts/ci-postgres-install.ts install DATA_DIR | code-accepted AUTHENTICATOR_SECRET STORED_SECRET')
  process.exit(2)
}
