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
const entriesOf = (rows: RawRow[], rowId: string) => rows.filter((row) => row.row_id === rowId).map((row) => `${row.action} ${row.title}`)

async function rowsWith(table: 'contact_messages' | 'job_applications' | 'newsletter_subscribers', column: string, value: string) {
  const { data, error } = await backend.service().from(table).select('id').eq(column, value)
  expect(error).toBeNull()
  return data ?? []
}

describe('a personal-data request matches exactly one person', () => {
  it('leaves a namesake applicant, a post named like the requester, and a longer address untouched', async () => {
    // Vera applied, was rejected, and her CV was downloaded.
    const vera = await apply('Vera Victim', 'vera.victim@corp.example')
    expect((await admin.from('job_applications').update({ status: 'rejected' }).eq('id', vera.id)).error).toBeNull()
    expect((await admin.rpc('log_personal_data_read', { kind: 'cv_download', application_id: vera.id })).error).toBeNull()
    // A post, and the settings holding a longer address that contains hers.
    const { data: post, error: postError } = await admin
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
    expect(postError).toBeNull()
    expect((await admin.from('blog_posts').update({ excerpt: 'Reviewed' }).eq('id', post!.id)).error).toBeNull()
    expect((await admin.from('site_settings').update({ value: 'press.vera.victim@corp.example' }).eq('key', 'contact_email')).error).toBeNull()

    // A stranger applies under her name; someone else under the post's title.
    await apply('Vera Victim', 'stranger@elsewhere.example')
    await apply('Quarterly Outlook 2026', 'poser@elsewhere.example')

    const { data: export_, error } = await admin.rpc('personal_data', { email: 'stranger@elsewhere.example' })
    expect(error).toBeNull()
    expect((export_ as { activity: { title: string }[] }).activity).toEqual([])

    expect((await erase('stranger@elsewhere.example')).status).toBe(200)
    expect((await erase('poser@elsewhere.example')).status).toBe(200)

    const rows = await activity()
    expect(entriesOf(rows, vera.id)).toEqual(['status_changed Vera Victim', 'downloaded CV of Vera Victim'])
    expect(await rowsWith('job_applications', 'id', vera.id)).toHaveLength(1)
    expect(entriesOf(rows, post!.id as string)).toEqual(['created Quarterly Outlook 2026', 'updated Quarterly Outlook 2026'])
    expect(await rowsWith('job_applications', 'email', 'stranger@elsewhere.example')).toEqual([])

    // Her own erasure, with an application in her address named =" beside the real one.
    const crafted = await apply('="', 'Vera.Victim@corp.example')
    const answer = await erase(' vera.victim@CORP.example ')
    expect(answer.status).toBe(200)
    expect(await rowsWith('job_applications', 'id', vera.id)).toEqual([])
    expect(await rowsWith('job_applications', 'id', crafted.id)).toEqual([])
    const files = await backend.service().storage.from('applications').list(vera.cvPath.split('/')[0])
    expect(files.data).toEqual([])

    const after = await activity()
    expect(entriesOf(after, vera.id)).toEqual(['status_changed erased', 'downloaded erased'])
    const settings = after.filter((row) => row.table_name === 'site_settings' && row.row_id === 'contact_email')
    expect(settings.at(-1)?.changes).toContain('"press.vera.victim@corp.example"')
    expect(JSON.stringify(after.filter((row) => row.table_name !== 'site_settings'))).not.toMatch(/vera/i)
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
