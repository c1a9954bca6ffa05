// CVs that no application claimed are removed a day after upload by the web server, through the
// Storage API with the service-role key (row and file together), not by the local backend in SQL;
// and that key, which the web server now holds, never reaches a page or a browser asset.
import { randomUUID } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDir } from '../../scripts/lib/web-build.ts'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'
import { startSite, type SiteServer } from '../helpers/site-server.ts'

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n')

let backend: LocalBackend
let site: SiteServer | undefined

beforeAll(async () => {
  backend = await startLocalBackend()
})

afterAll(async () => {
  await site?.stop()
  await backend?.dispose()
})

const fileOf = (name: string) => path.join(backend.dataDir, 'storage', 'applications', ...name.split('/'))
const fileExists = (name: string) =>
  stat(fileOf(name)).then(
    () => true,
    () => false,
  )
async function listed(name: string): Promise<boolean> {
  const [folder, file] = name.split('/')
  const { data } = await backend.service().storage.from('applications').list(folder)
  return (data ?? []).some((item) => item.name === file)
}

describe('CVs that no application references', () => {
  const orphan = `${randomUUID()}/orphan.pdf`
  const claimed = `${randomUUID()}/claimed.pdf`
  const recent = `${randomUUID()}/recent.pdf`

  it('stay with the local backend alone, and go, row and file, once the web server runs', async () => {
    const anon = backend.anon()
    for (const name of [orphan, claimed, recent]) {
      expect((await anon.storage.from('applications').upload(name, PDF, { contentType: 'application/pdf' })).error).toBeNull()
    }
    const { data: opening } = await backend.service().from('job_openings').select('id').eq('active', true).limit(1).single()
    const applied = await anon.from('job_applications').insert({ job_opening_id: opening?.id, name: 'Ada', email: 'ada@example.com', cv_path: claimed })
    expect(applied.error).toBeNull()

    // A day passes for two of them.
    await backend.stop()
    const pg = await PGlite.create(path.join(backend.dataDir, 'pgdata'))
    await pg.query(`update storage.objects set created_at = now() - interval '25 hours' where name = any($1)`, [[orphan, claimed]])
    await pg.close()
    await backend.restart()

    // The backend deletes no storage row by itself: its housekeeping at start holds the database
    // before the first request (one query at a time, in turn), so this listing comes after it.
    expect(await listed(orphan)).toBe(true)
    expect(await fileExists(orphan)).toBe(true)

    site = await startSite(backend.url, backend.keys.publishableKey, { SUPABASE_SECRET_KEY: backend.keys.secretKey })
    const removed = () => site?.output().includes('Removed 1 CV that no application references')
    for (let i = 0; i < 100 && !removed(); i++) await new Promise((resolve) => setTimeout(resolve, 100))
    expect(removed()).toBe(true)
    expect(await fileExists(orphan)).toBe(false)
    expect(await listed(orphan)).toBe(false)
    expect(await fileExists(claimed)).toBe(true)
    expect(await listed(claimed)).toBe(true)
    expect(await fileExists(recent)).toBe(true)
    expect(await listed(recent)).toBe(true)
  })

  it('never puts the secret key (or any sb_secret_ key) in a page or a browser asset', async () => {
    const secrets = [backend.keys.secretKey, 'sb_secret_', backend.keys.serviceRoleKey]
    const running = site as SiteServer
    expect(running.output()).toContain('Supabase keys: public from SUPABASE_PUBLISHABLE_KEY, secret from SUPABASE_SECRET_KEY')
    for (const page of ['/', '/careers', '/contact', '/admin', '/admin/login', '/sitemap.xml']) {
      const body = await (await fetch(`${running.url}${page}`)).text()
      for (const secret of secrets) expect(body.includes(secret), page).toBe(false)
    }
    const clientDir = path.join(buildDir, 'client')
    const files = (await readdir(clientDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())
    expect(files.length).toBeGreaterThan(0)
    for (const entry of files) {
      const file = path.join(entry.parentPath, entry.name)
      const bytes = await readFile(file)
      for (const secret of secrets) expect(bytes.includes(secret), file).toBe(false)
    }
  })
})

describe('the web server without a secret key', () => {
  it('starts and says that unclaimed CVs are not removed', async () => {
    const bare = await startSite(backend.url, backend.keys.anonKey, { SUPABASE_SECRET_KEY: '', SUPABASE_SERVICE_ROLE_KEY: '' })
    try {
      expect((await fetch(`${bare.url}/healthz`)).status).toBe(200)
      expect(bare.output()).toContain('CVs that no application references are not removed: set SUPABASE_SECRET_KEY')
    } finally {
      await bare.stop()
    }
  })
})
