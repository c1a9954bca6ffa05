// Personal-data requests find exactly one person: the look-up, the export and the erasure select by
// the address itself (trimmed, case aside) and by the keyed subject of the history's entries, never
// by a name or a part of an address. Each case is checked in the raw tables after an erasure made
// through the running web server (POST /admin/api/personal-data/erase): the public tables with the
// service role, the activity log in the backend's own dump. An erasure also leaves no copy of the
// person's e-mails in DATA_DIR/mail and no log line naming their address.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'
import { rawRows, type RawRow } from '../helpers/raw-dump'
import { startSite, type SiteServer } from '../helpers/site-server'

let backend: LocalBackend
let site: SiteServer
let siteDataDir: string
let admin: SupabaseClient
let openingId: string

const PDF = new TextEncoder().encode('%PDF-1.4\n% a CV\n')

beforeAll(async () => {
  backend = await startLocalBackend()
  siteDataDir = await mkdtemp(path.join(tmpdir(), 'personal-data-'))
  site = await startSite(backend.url, backend.keys.anonKey, {
    SUPABASE_SERVICE_ROLE_KEY: backend.keys.serviceRoleKey,
    DATA_DIR: siteDataDir,
    SITE_URL: 'https://www.example.test',
  })
  admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
  const { data } = await admin.from('job_openings').select('id').eq('active', true).limit(1).single()
  openingId = data!.id as string
}, 240_000)

afterAll(async () => {
  await site?.stop()
  await backend?.dispose()
  if (siteDataDir) await rm(siteDataDir, { recursive: true, force: true })
})

/** A visitor's application with its CV, as the form sends it; the application's id and CV name. */
async function apply(name: string, email: string): Promise<{ id: string; cvPath: string }> {
  const visitor = backend.anon()
  const cvPath = `${crypto.randomUUID()}/${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'cv'
  }.pdf`
  expect((await visitor.storage.from('applications').upload(cvPath, PDF, { contentType: 'application/pdf' })).error).toBeNull()
  expect((await visitor.from('job_applications').insert({ job_opening_id: openingId, name, email, cv_path: cvPath })).error).toBeNull()
  const { data } = await backend.service().from('job_applications').select('id').eq('cv_path', cvPath).single()
  return { id: data!.id as string, cvPath }
}

/** The erasure as the Personal Data screen asks the web server for it, with the admin's own token. */
async function erase(email: string): Promise<Response> {
  const token = (await admin.auth.getSession()).data.session!.access_token
  return fetch(`${site.url}/admin/api/personal-data/erase`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  })
}

const activity = () => rawRows(backend.dataDir, 'private.activity_log')
/** The entries about one row, oldest first, as `action title`. */
const entriesOf = (rows: RawRow[], rowId: string) =>
  rows
    .filter((row) => row.row_id === rowId)
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((row) => `${row.action} ${row.title}`)

async function rowsWith(table: 'contact_messages' | 'job_applications' | 'newsletter_subscribers', column: string, value: string) {
  const { data, error } = await backend.service().from(table).select('id').eq(column, value)
  expect(error).toBeNull()
  return data ?? []
}

describe('a personal-data request matches exactly one person', () => {
  it('leaves the history of an applicant alone when a namesake asks', async () => {
    // Vera applied, was rejected, and her CV was downloaded; a stranger applies under her name.
    const vera = await apply('Vera Victim', 'vera.victim@corp.example')
    expect((await admin.from('job_applications').update({ status: 'rejected' }).eq('id', vera.id)).error).toBeNull()
    expect((await admin.rpc('log_personal_data_read', { kind: 'cv_download', application_id: vera.id })).error).toBeNull()
    await apply('Vera Victim', 'stranger@elsewhere.example')

    const { data: held, error } = await admin.rpc('personal_data', { email: 'stranger@elsewhere.example' })
    expect(error).toBeNull()
    expect((held as { activity: unknown[] }).activity).toEqual([])

    expect((await erase('stranger@elsewhere.example')).status).toBe(200)
    expect(entriesOf(await activity(), vera.id)).toEqual(['status_changed Vera Victim', 'downloaded CV of Vera Victim'])
    expect(await rowsWith('job_applications', 'id', vera.id)).toHaveLength(1)
    expect(await rowsWith('job_applications', 'email', 'stranger@elsewhere.example')).toEqual([])
  })

  it("leaves a post's history alone when someone named like the post asks", async () => {
    const { data: post, error } = await admin
      .from('blog_posts')
      .insert({
        slug: 'quarterly-outlook-2026',
        title: 'Quarterly Outlook 2026',
        excerpt: 'E',
        content: '<p>C</p>',
        category: 'News',
        featured_image: '/a.svg',
        author_name: 'A',
      })
      .select('id')
      .single()
    expect(error).toBeNull()
    expect((await admin.from('blog_posts').update({ excerpt: 'Reviewed' }).eq('id', post!.id)).error).toBeNull()
    await apply('Quarterly Outlook 2026', 'poser@elsewhere.example')

    expect((await erase('poser@elsewhere.example')).status).toBe(200)
    expect(entriesOf(await activity(), post!.id as string)).toEqual(['created Quarterly Outlook 2026', 'updated Quarterly Outlook 2026'])
  })

  it('leaves a longer address that contains the erased one as it was', async () => {
    expect((await admin.from('site_settings').update({ value: 'press.lena@corp.example' }).eq('key', 'contact_email')).error).toBeNull()
    const lena = await apply('Lena Short', 'lena@corp.example')
    expect((await admin.from('job_applications').update({ status: 'reviewing' }).eq('id', lena.id)).error).toBeNull()

    expect((await erase('lena@corp.example')).status).toBe(200)
    const rows = await activity()
    const settings = rows.filter((row) => row.table_name === 'site_settings' && row.row_id === 'contact_email').sort((a, b) => Number(a.id) - Number(b.id))
    expect(settings.at(-1)?.changes).toContain('"after": "press.lena@corp.example"')
    expect(entriesOf(rows, lena.id)).toEqual(['status_changed erased'])
  })

  it('erases, in one go, a person one of whose applications carries the name ="', async () => {
    const cora = await apply('Cora Crafted', 'cora@corp.example')
    expect((await admin.from('job_applications').update({ status: 'reviewing' }).eq('id', cora.id)).error).toBeNull()
    const crafted = await apply('="', 'Cora@corp.example')
    // Recorded changes that hold =" as JSON text: a link in a post.
    const { data: post } = await admin.from('blog_posts').select('id').limit(1).single()
    expect((await admin.from('blog_posts').update({ content: '<p><a href="/about">About us</a></p>' }).eq('id', post!.id)).error).toBeNull()

    const answer = await erase(' cora@CORP.example ')
    expect(answer.status).toBe(200)
    expect(await rowsWith('job_applications', 'id', cora.id)).toEqual([])
    expect(await rowsWith('job_applications', 'id', crafted.id)).toEqual([])
    for (const cv of [cora.cvPath, crafted.cvPath]) {
      expect((await backend.service().storage.from('applications').list(cv.split('/')[0])).data).toEqual([])
    }
    const rows = await activity()
    expect(entriesOf(rows, cora.id)).toEqual(['status_changed erased'])
    expect(JSON.stringify(rows)).not.toMatch(/cora/i)
  })

  it('erases the history of a person whose rows staff deleted earlier', async () => {
    const visitor = backend.anon()
    expect(
      (await visitor.from('contact_messages').insert({ first_name: 'Dora', last_name: 'Gone', email: 'dora@gone.example', message: 'Call me' })).error,
    ).toBeNull()
    const [message] = await rowsWith('contact_messages', 'email', 'dora@gone.example')
    expect((await admin.from('contact_messages').update({ status: 'handled' }).eq('id', message.id)).error).toBeNull()
    expect((await admin.from('contact_messages').delete().eq('id', message.id)).error).toBeNull()

    const { data: held } = await admin.rpc('personal_data', { email: 'Dora@Gone.example' })
    expect((held as { activity: { action: string }[] }).activity.map((entry) => entry.action)).toEqual(['status_changed', 'deleted'])

    expect((await erase('dora@gone.example')).status).toBe(200)
    const rows = await activity()
    expect(entriesOf(rows, message.id as string)).toEqual(['status_changed erased', 'deleted erased'])
    expect(JSON.stringify(rows)).not.toMatch(/dora/i)
  })

  it('erases the history of a person whose application the retention run removed', async () => {
    const rita = await apply('Rita Retained', 'rita@gone.example')
    expect((await admin.from('job_applications').update({ status: 'reviewing' }).eq('id', rita.id)).error).toBeNull()
    // Older than the applications' retention period (180 days by default), then the daily run.
    const service = backend.service()
    expect(
      (
        await service
          .from('job_applications')
          .update({ created_at: new Date(Date.now() - 200 * 86_400_000).toISOString() })
          .eq('id', rita.id)
      ).error,
    ).toBeNull()
    expect((await service.rpc('apply_personal_data_retention')).error).toBeNull()
    expect(await rowsWith('job_applications', 'id', rita.id)).toEqual([])

    const { data: held } = await admin.rpc('personal_data', { email: 'rita@gone.example' })
    expect((held as { activity: { action: string }[] }).activity.map((entry) => entry.action)).toContain('status_changed')

    expect((await erase('rita@gone.example')).status).toBe(200)
    const rows = await activity()
    // Her status change, and the back-dating that made her application old enough.
    expect(entriesOf(rows, rita.id)).toEqual(['status_changed erased', 'updated erased'])
    expect(JSON.stringify(rows)).not.toMatch(/rita/i)
  })
})

/** The .eml files in the web server's mail folder, decoded enough to read an address in them. */
async function mailCopies(): Promise<string[]> {
  const dir = path.join(siteDataDir, 'mail')
  const names = await readdir(dir).catch(() => [] as string[])
  return Promise.all(
    names.map(async (name) =>
      (await readFile(path.join(dir, name), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        .replace(/%40/gi, '@'),
    ),
  )
}

async function waitForMail(count: (copies: string[]) => number, want: number): Promise<void> {
  // Mail rounds run every 5 s; a loaded machine can take much longer to reach the first.
  const until = Date.now() + 90_000
  while (count(await mailCopies()) < want) {
    if (Date.now() > until) throw new Error('the e-mails did not arrive')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('an erasure leaves no trace outside the database', () => {
  it('removes the copies of her e-mails, and no log line names her address', async () => {
    const address = 'mia.mailed@example.org'
    const contact = await fetch(`${site.url}/leads/contact`, {
      method: 'POST',
      body: new URLSearchParams({ firstName: 'Mia', lastName: 'Mailed', email: address, message: 'Please call me back' }),
    })
    expect(contact.status).toBe(200)
    expect((await fetch(`${site.url}/leads/newsletter`, { method: 'POST', body: new URLSearchParams({ email: address }) })).status).toBe(200)
    // The lead e-mail to staff names her; the confirmation goes to her.
    await waitForMail((copies) => copies.filter((copy) => copy.toLowerCase().includes(address)).length, 2)

    expect((await erase(address)).status).toBe(200)
    expect((await mailCopies()).filter((copy) => copy.toLowerCase().includes(address))).toEqual([])
    const logLines = `${site.output()}\n${backend.output()}`.split('\n')
    expect(logLines.filter((line) => line.toLowerCase().includes(address))).toEqual([])
    expect(await rowsWith('newsletter_subscribers', 'email', address)).toEqual([])
  }, 180_000)
})
