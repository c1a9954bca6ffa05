// The move and the backups, end to end with the real commands: content, staff accounts (one with a
// verified authenticator) and a CV on a running backend → `npm run db:dump` and `npm run db:backup`
// while it serves → `db:restore` into fresh data directories → the same rows, the same files, and
// staff sign in with the passwords they had (a bcrypt hash, and an account still on the older
// scrypt hash, re-hashed as bcrypt at its first sign-in) and their authenticator's codes. What psql
// loads into a project by default is only what a project has (scripts/ci-postgres.sh loads it into
// Supabase's own schemas).
import { execFile } from 'node:child_process'
import { createHash, randomBytes, randomUUID, scryptSync } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'
import { dumpStoppedDataDir } from '../../local-supabase/src/dump-socket.ts'
import { restoreDataDir } from '../../scripts/lib/local-data.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'
import { totpCode, totpCodeAhead } from '../helpers/totp.ts'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const EDITOR = { email: 'editor@test.local', password: 'editor-password-1' }
const LEGACY = { email: 'legacy@test.local', password: 'legacy-password-1' }
const TWO_FACTOR = { email: 'two-factor@test.local', password: 'two-factor-password-1' }
// Quotes, a backslash, newlines, a tab and non-ASCII: what the dump's literals must carry exactly.
const TRICKY = "Line one\nO'Brien said \\n is not a newline;\r\n\ttabbed — naïve ✓\n\\endif"

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** Runs a script as its npm script does (under tsx), on V8's baseline compiler for PGlite as test backends run. */
function npmScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--liftoff-only', '--import', 'tsx', path.join(repoRoot, 'scripts', script), ...args],
      { cwd: repoRoot, env: { ...process.env, LOG_REQUESTS: '0', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** The dump without its first line (the time it was taken). */
function body(sql: string): string {
  return sql.slice(sql.indexOf('\n') + 1)
}

/** What psql runs of a dump when given no variables: every `\\if :{?var}` section left out. */
function loadedByDefault(sql: string): string {
  return sql.replace(/^\\if :\{\?\w+\}$[\s\S]*?^\\endif$/gm, '')
}

/** sha256 of every stored file, by path under DATA_DIR/storage. */
async function fileChecksums(dataDir: string): Promise<Record<string, string>> {
  const root = path.join(dataDir, 'storage')
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  const sums: Record<string, string> = {}
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name)
    sums[path.relative(root, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex')
  }
  return sums
}

/** A password hash as the backend wrote them before bcrypt: `$scrypt$ln=15,r=8,p=1$<salt>$<key>`. */
function scryptHash(password: string): string {
  const salt = randomBytes(16)
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 })
  return `$scrypt$ln=15,r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`
}

async function hashOf(dataDir: string, email: string): Promise<string> {
  const pg = await PGlite.create(path.join(dataDir, 'pgdata'))
  try {
    const { rows } = await pg.query<{ encrypted_password: string }>('select encrypted_password from auth.users where email = $1', [email])
    return rows[0].encrypted_password
  } finally {
    await pg.close()
  }
}

describe('dump, backup and restore', () => {
  let source: LocalBackend
  let work: string
  const cv = `${randomUUID()}/cv.pdf`
  const slug = `moved-${randomUUID().slice(0, 8)}`
  let factor: { id: string; secret: string }

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'dump-restore-test-'))
    // Supabase's bcrypt cost, as the hashes a hosted project is given must have.
    source = await startLocalBackend({ TEST_QUICK_HASH: '0' })
    const service = source.service()
    const admin = await source.signIn(TEST_ADMIN.email, TEST_ADMIN.password)

    // Staff: an editor (bcrypt, as every new account) and an account from before bcrypt.
    for (const [account, role] of [
      [EDITOR, 'editor'],
      [LEGACY, 'editor'],
      [TWO_FACTOR, 'editor'],
    ] as const) {
      const { data, error } = await service.auth.admin.createUser({ ...account, email_confirm: true })
      expect(error).toBeNull()
      expect((await service.from('staff_roles').insert({ user_id: data.user!.id, role })).error).toBeNull()
    }
    // One of them signs in with an authenticator app too.
    const staff = await source.signIn(TWO_FACTOR.email, TWO_FACTOR.password)
    const enrolled = await staff.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone' })
    expect(enrolled.error).toBeNull()
    factor = { id: enrolled.data!.id, secret: enrolled.data!.totp.secret }
    const challenge = await staff.auth.mfa.challenge({ factorId: factor.id })
    const verified = await staff.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totpCode(factor.secret) })
    expect(verified.error).toBeNull()
    // Content with an uploaded image, a page view, and an application with its CV.
    expect((await admin.storage.from('media').upload(`blog/${slug}.png`, PNG, { contentType: 'image/png' })).error).toBeNull()
    const post = await admin.from('blog_posts').insert({
      slug,
      title: 'Moved with its data',
      excerpt: 'Short',
      content: TRICKY,
      category: 'News',
      featured_image: `/storage/v1/object/public/media/blog/${slug}.png`,
      author_name: 'Editor',
      published: true,
    })
    expect(post.error).toBeNull()
    expect((await source.anon().rpc('record_page_view', { page_path: `/blog/${slug}` })).error).toBeNull()
    const anon = source.anon()
    expect((await anon.storage.from('applications').upload(cv, PDF, { contentType: 'application/pdf' })).error).toBeNull()
    const { data: opening } = await service.from('job_openings').select('id').limit(1).single()
    const applied = await anon.from('job_applications').insert({ job_opening_id: opening!.id, name: 'Ada', email: 'ada@example.com', cv_path: cv })
    expect(applied.error).toBeNull()

    // The older account keeps a scrypt hash of its password, as it had before bcrypt.
    await source.stop()
    const pg = await PGlite.create(path.join(source.dataDir, 'pgdata'))
    await pg.query('update auth.users set encrypted_password = $2 where email = $1', [LEGACY.email, scryptHash(LEGACY.password)])
    await pg.close()
    await source.restart()
  }, 180_000)

  afterAll(async () => {
    await source?.dispose()
    if (work) await rm(work, { recursive: true, force: true })
  })

  it('pushes every stored file to another project once, keeping paths and content types', async () => {
    const target = await startLocalBackend()
    try {
      const env = {
        DATA_DIR: source.dataDir,
        SUPABASE_PORT: new URL(source.url).port,
        SUPABASE_URL: target.url,
        SUPABASE_SERVICE_ROLE_KEY: target.keys.serviceRoleKey,
      }
      const first = await npmScript('storage-push.ts', [], env)
      expect(first.stderr).toBe('')
      expect(first.stdout).toContain('2 uploaded, 0 already there, 0 failed (of 2)')
      const image = await fetch(`${target.url}/storage/v1/object/public/media/blog/${slug}.png`)
      expect(image.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG)
      const { data: pdf } = await target.service().storage.from('applications').download(cv)
      expect(pdf?.type).toBe('application/pdf')
      expect(Buffer.from(await pdf!.arrayBuffer())).toEqual(PDF)

      // Run again: nothing to do. Lose one on the way: only that one goes again.
      expect((await npmScript('storage-push.ts', [], env)).stdout).toContain('0 uploaded, 2 already there, 0 failed')
      expect(
        (
          await target
            .service()
            .storage.from('media')
            .remove([`blog/${slug}.png`])
        ).error,
      ).toBeNull()
      expect((await npmScript('storage-push.ts', [], env)).stdout).toContain('1 uploaded, 1 already there, 0 failed')
    } finally {
      await target.dispose()
    }
  }, 180_000)

  it('dumps a running backend and a stopped one alike, and restores rows, files and passwords', async () => {
    const env = { DATA_DIR: source.dataDir, SUPABASE_PORT: new URL(source.url).port }
    // The running backend dumps over a socket only DATA_DIR's owner can open; nothing on its port.
    expect((await stat(path.join(source.dataDir, 'backend.sock'))).mode & 0o777).toBe(0o600)
    const live = await npmScript('db-dump.ts', ['--out', path.join(work, 'live.sql')], env)
    expect(live.stderr).toContain(`${LEGACY.email}`) // told which accounts still need a sign-in
    expect(live.code).toBe(0)
    expect(live.stdout).toMatch(/auth\.users 4\b/)
    expect(live.stdout).toMatch(/auth\.mfa_factors 1\b/)
    expect(live.stdout).toMatch(/storage\.objects 2\b/)
    expect(live.stdout).toMatch(/local_auth\.totp_guard 1\b/)

    // Backups while it serves: two runs, the newest kept.
    const backups = path.join(work, 'backups')
    for (let i = 0; i < 2; i++) {
      const backup = await npmScript('db-backup.ts', [], { ...env, BACKUP_DIR: backups, BACKUP_KEEP: '1' })
      expect(backup.stderr).toBe('')
      expect(backup.code).toBe(0)
    }
    const kept = await readdir(backups)
    expect(kept).toHaveLength(1)

    await source.stop()
    const stopped = await npmScript('db-dump.ts', ['--out', path.join(work, 'stopped.sql')], env)
    expect(stopped.code).toBe(0)
    const liveSql = await readFile(path.join(work, 'live.sql'), 'utf8')
    expect(body(await readFile(path.join(work, 'stopped.sql'), 'utf8'))).toBe(body(liveSql))
    expect(liveSql).toContain(`\\if :{?storage_rows}`)
    // Into a project, psql loads the accounts and their authenticators with their secrets, and
    // nothing of the local backend's own (no project has a local_auth schema).
    const onProject = loadedByDefault(liveSql)
    expect(onProject).toMatch(/^insert into auth\.mfa_factors \(/m)
    expect(onProject).toContain(`'${factor.secret}'`)
    expect(onProject).not.toMatch(/local_auth|local_storage|storage\.objects/)
    expect(liveSql).toMatch(/^\\if :\{\?local_backend\}\ninsert into local_auth\.totp_guard /m)
    const originalFiles = await fileChecksums(source.dataDir)
    expect(Object.keys(originalFiles).sort()).toEqual([`applications/${cv}`, `media/blog/${slug}.png`])

    // A dump into a fresh DATA_DIR: every row the same (a dump of it is the same text).
    const fromDump = path.join(work, 'from-dump')
    const restored = await npmScript('db-restore.ts', [path.join(work, 'live.sql')], { DATA_DIR: fromDump, SUPABASE_PORT: '1' })
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    expect(body((await dumpStoppedDataDir(fromDump)).sql)).toBe(body(liveSql))
    // Not into one that holds data.
    await expect(restoreDataDir(fromDump, liveSql, null)).rejects.toThrow(/restore into an empty DATA_DIR/)

    // The newest backup into another: the same rows and the same files, byte for byte.
    const fromBackup = path.join(work, 'from-backup')
    const newest = path.join(backups, kept[0])
    expect((await npmScript('db-restore.ts', [newest], { DATA_DIR: fromBackup, SUPABASE_PORT: '1' })).code).toBe(0)
    expect(await fileChecksums(fromBackup)).toEqual(originalFiles)
    expect(body((await dumpStoppedDataDir(fromBackup)).sql)).toBe(body(await readFile(path.join(newest, 'dump.sql'), 'utf8')))
    const manifest = JSON.parse(await readFile(path.join(newest, 'manifest.json'), 'utf8')) as { rows: Record<string, number> }
    expect(manifest.rows['public.job_applications']).toBe(1)

    // The restored backend serves the same content and files, and staff keep their passwords.
    // Its accounts are all it has: no first admin from ADMIN_EMAIL is added to a restored install.
    const restoredBackend = await startLocalBackend(
      { ADMIN_EMAIL: 'newcomer@test.local', ADMIN_PASSWORD: 'newcomer-password-1', TEST_QUICK_HASH: '0' },
      fromBackup,
    )
    try {
      expect(restoredBackend.output()).not.toContain('Created the first admin')
      await expect(restoredBackend.signIn('newcomer@test.local', 'newcomer-password-1')).rejects.toThrow(/Invalid login credentials/)
      const { data: posts } = await restoredBackend.anon().from('blog_posts').select('content').eq('slug', slug)
      expect(posts).toEqual([{ content: TRICKY }])
      const image = await fetch(`${restoredBackend.url}/storage/v1/object/public/media/blog/${slug}.png`)
      expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG)
      const admin = await restoredBackend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
      // The restored application's CV is there for the web server's service role, which signs CV links.
      expect((await admin.from('job_applications').select('id').eq('cv_path', cv).single()).error).toBeNull()
      const { data: cvFile } = await restoredBackend.service().storage.from('applications').download(cv)
      expect(Buffer.from(await cvFile!.arrayBuffer())).toEqual(PDF)
      await restoredBackend.signIn(EDITOR.email, EDITOR.password)
      // Two-factor survived: the authenticator's next code raises the session to aal2.
      const staff = await restoredBackend.signIn(TWO_FACTOR.email, TWO_FACTOR.password)
      expect((await staff.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe('aal2')
      const challenge = await staff.auth.mfa.challenge({ factorId: factor.id })
      expect(challenge.error).toBeNull()
      const verified = await staff.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totpCodeAhead(factor.secret, 1) })
      expect(verified.error).toBeNull()
      expect((await staff.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2')
      await restoredBackend.signIn(LEGACY.email, LEGACY.password)
      await expect(restoredBackend.signIn(LEGACY.email, 'not-the-password')).rejects.toThrow(/Invalid login credentials/)
    } finally {
      await restoredBackend.stop()
    }
    // Its first sign-in replaced the scrypt hash with Supabase Auth's bcrypt.
    expect(await hashOf(fromBackup, EDITOR.email)).toMatch(/^\$2a\$10\$/)
    expect(await hashOf(fromBackup, LEGACY.email)).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/)
  }, 300_000)
})
