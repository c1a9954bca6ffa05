// The admin's lead inboxes and dashboard through their data functions, against the real local
// backend with real supabase-js: what a visitor sends is what the admin reads, exports and opens.
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERMISSIONS } from '../../src/entities/staff-role'
import { getDashboardFigures } from '../../src/features/admin/dashboard/api/dashboard-figures'
import { listApplications, setApplicationStatus } from '../../src/features/admin/applications/api/applications'
import { CvLinkRefused, signCvLink } from '../../src/features/admin/applications/api/cv-link.server'
import { listContactMessages, messagesCsv, setMessageStatus } from '../../src/features/admin/inbox/api/contact-messages'
import { listSubscribers, mailingListCsv, subscribersAuditCsv, unsubscribe } from '../../src/features/admin/subscribers/api/subscribers'
import type { Db } from '../../src/lib/supabase'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'

let backend: LocalBackend
let admin: Db
let visitor: Db

beforeAll(async () => {
  backend = await startLocalBackend()
  admin = (await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)) as unknown as Db
  visitor = backend.anon() as unknown as Db
})
afterAll(async () => {
  await backend?.dispose()
})

const PDF = new TextEncoder().encode('%PDF-1.4\n% a CV\n')

async function sendApplication(openingId: string, name: string): Promise<string> {
  const cvPath = `${crypto.randomUUID()}/cv.pdf`
  const upload = await visitor.storage.from('applications').upload(cvPath, PDF, { contentType: 'application/pdf' })
  expect(upload.error).toBeNull()
  const { error } = await visitor.from('job_applications').insert({ job_opening_id: openingId, name, email: 'applicant@example.com', cv_path: cvPath })
  expect(error).toBeNull()
  return cvPath
}

describe('Inbox', () => {
  it('lists messages newest first and exports them as CSV with formulas neutralised', async () => {
    const first = await visitor
      .from('contact_messages')
      .insert({ first_name: 'Ada', last_name: 'Obi', email: 'ada@example.com', message: 'Hello, "team"\nsecond line' })
    expect(first.error).toBeNull()
    const second = await visitor.from('contact_messages').insert({
      first_name: '=HYPERLINK("http://evil.example","click")',
      last_name: '+1',
      email: 'mallory@example.com',
      interested_in: '@SUM(A1:A2)',
      message: '-2+3',
    })
    expect(second.error).toBeNull()

    const messages = await listContactMessages(admin)
    expect(messages.map((m) => m.email)).toEqual(['mallory@example.com', 'ada@example.com'])
    const rows = Papa.parse<string[]>(messagesCsv(messages).trim(), { newline: '\r\n' }).data
    expect(rows[0]).toEqual(['Received', 'First name', 'Last name', 'Email', 'Interested in', 'Message', 'Status'])
    expect(rows[1].slice(1)).toEqual(['\'=HYPERLINK("http://evil.example","click")', "'+1", 'mallory@example.com', "'@SUM(A1:A2)", "'-2+3", 'new'])
    expect(rows[2].slice(1)).toEqual(['Ada', 'Obi', 'ada@example.com', '', 'Hello, "team"\nsecond line', 'new'])
    expect(rows[1][0]).toBe(messages[0].created_at)

    await setMessageStatus(admin, messages[1].id, 'handled')
    expect((await listContactMessages(admin)).find((m) => m.email === 'ada@example.com')?.status).toBe('handled')
  })

  it('is closed to visitors', async () => {
    await expect(listContactMessages(visitor)).rejects.toThrow(/permission denied/)
  })
})

describe('Subscribers', () => {
  it('lists and unsubscribes; exports confirmed subscribers for a mailing tool, and every sign-up for an audit', async () => {
    for (const email of ['Reader@Example.com', 'waiting@example.com', 'leaving@example.com']) {
      expect((await visitor.rpc('subscribe_newsletter', { email })).error).toBeNull()
    }
    // The web server's mail round claims the confirmations (the database makes each link's token), then
    // the reader presses the button on their link's page.
    const { data: claimed, error } = await backend.service().rpc('claim_mail', { max_rows: 100 })
    expect(error).toBeNull()
    const tokenOf = (email: string) =>
      (claimed as { kind: string; recipient: string; payload: { token: string } }[]).find(
        (row) => row.kind === 'newsletter_confirmation' && row.recipient === email,
      )!.payload.token
    expect((await visitor.rpc('confirm_newsletter', { token: tokenOf('reader@example.com') })).data).toBe(true)
    const leaving = (await listSubscribers(admin)).find((s) => s.email === 'leaving@example.com')!
    await unsubscribe(admin, leaving.id)

    const subscribers = await listSubscribers(admin)
    expect(Object.fromEntries(subscribers.map((s) => [s.email, s.status]))).toEqual({
      'reader@example.com': 'subscribed',
      'waiting@example.com': 'pending',
      'leaving@example.com': 'unsubscribed',
    })
    const mailing = Papa.parse<string[]>(mailingListCsv(subscribers, 'https://www.example.test').trim(), { newline: '\r\n' }).data
    const reader = subscribers.find((s) => s.email === 'reader@example.com')!
    expect(mailing).toEqual([
      ['Email', 'Confirmed on', 'Unsubscribe URL'],
      ['reader@example.com', reader.confirmed_at, `https://www.example.test/newsletter/unsubscribe/${reader.unsubscribe_token}`],
    ])
    const audit = Papa.parse<string[]>(subscribersAuditCsv(subscribers).trim(), { newline: '\r\n' }).data
    expect(audit[0]).toEqual(['Email', 'Status', 'Signed up on', 'Confirmed on', 'Consent on', 'Privacy notice', 'Unsubscribed on'])
    expect(
      audit
        .slice(1)
        .map((row) => row.slice(0, 2))
        .sort(),
    ).toEqual([
      ['leaving@example.com', 'unsubscribed'],
      ['reader@example.com', 'subscribed'],
      ['waiting@example.com', 'pending'],
    ])
    expect(audit.flat().join(' ')).not.toContain(reader.unsubscribe_token)
    // Each subscriber's own one-click link works without a session.
    expect((await visitor.rpc('unsubscribe_newsletter', { token: reader.unsubscribe_token })).data).toBe(true)
  })
})

describe('Applications', () => {
  it("lists applications with their opening's title, for all openings or one, and sets the status", async () => {
    const { data: openings } = await admin.from('job_openings').select('id, title').eq('active', true).order('created_at').limit(2)
    const [a, b] = openings!
    await sendApplication(a.id, 'First Applicant')
    await sendApplication(b.id, 'Second Applicant')

    const all = await listApplications(admin, null)
    expect(all.map((x) => [x.name, x.opening_title])).toEqual([
      ['Second Applicant', b.title],
      ['First Applicant', a.title],
    ])
    expect((await listApplications(admin, a.id)).map((x) => x.name)).toEqual(['First Applicant'])

    await setApplicationStatus(admin, all[0].id, 'reviewing')
    expect((await listApplications(admin, b.id))[0].status).toBe('reviewing')
    await expect(setApplicationStatus(admin, all[0].id, 'reviewed' as never)).rejects.toThrow(/Failed to update application/)
  })

  it('gives a CV link, signed by the web server after it logs the download, that fails after it expires', async () => {
    const { data: opening } = await admin.from('job_openings').select('id').eq('active', true).limit(1).single()
    const cvPath = await sendApplication(opening!.id, 'Third Applicant')
    const { data: application } = await admin.from('job_applications').select('id, cv_path').eq('cv_path', cvPath).single()
    const service = backend.service() as unknown as Db

    // No staff token signs a CV link itself, even after logging the download.
    expect((await admin.rpc('log_personal_data_read', { kind: 'cv_download', application_id: application!.id })).error).toBeNull()
    expect((await admin.storage.from('applications').createSignedUrl(cvPath, 60)).error).not.toBeNull()
    // A lifetime of a few seconds: the token's expiry is in whole seconds, so a 1-second link signed
    // late in a second could expire before a busy machine fetches it.
    const url = await signCvLink(admin, service, application!.id, 3)
    const ok = await fetch(url)
    expect(ok.status).toBe(200)
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(PDF)

    // Then past the expiry the link carries (the JWT's exp, in seconds), on the backend's clock.
    const linkToken = new URL(url).searchParams.get('token')!
    const { exp } = JSON.parse(Buffer.from(linkToken.split('.')[1], 'base64url').toString()) as { exp: number }
    await backend.advanceClock(Math.max(0, (exp + 1) * 1000 - backend.now()))
    const late = await fetch(url)
    expect(late.status).toBeGreaterThanOrEqual(400)
    expect(await late.text()).not.toContain('%PDF')

    // Visitors can neither have a link made nor sign one.
    await expect(signCvLink(visitor, service, application!.id)).rejects.toThrow(CvLinkRefused)
    expect((await visitor.storage.from('applications').createSignedUrl(cvPath, 60)).error).not.toBeNull()
  })
})

describe('Dashboard', () => {
  it('counts exactly and sums page views per day over 30 days', async () => {
    for (const path of ['/', '/', '/careers']) expect((await visitor.rpc('record_page_view', { page_path: path })).error).toBeNull()
    const figures = await getDashboardFigures(admin, PERMISSIONS)
    const { count: solutions } = await admin.from('solutions').select('id', { count: 'exact', head: true })
    expect(figures.content?.solutions).toBe(solutions)
    expect(figures.views?.viewsPerDay).toHaveLength(30)
    expect(figures.views?.viewsPerDay.at(-1)?.views).toBe(3)
    expect(figures.views?.views30Days).toBe(3)
    expect(figures.leads?.newMessages).toBe(1)
    expect(figures.leads?.subscribers).toBe(0)
    expect(figures.applications?.openApplications).toBe(3)
  })
})
