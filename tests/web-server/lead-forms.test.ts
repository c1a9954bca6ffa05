// The three lead forms, posted as a browser without JavaScript would (plain HTTP form posts to the
// production web server), against the real local backend. What was stored is read back with the
// service-role key; refused posts must store nothing, in the table or in storage.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { startSite, type SiteServer } from '../helpers/site-server'

let backend: LocalBackend
let site: SiteServer

beforeAll(async () => {
  backend = await startLocalBackend()
  site = await startSite(backend.url, backend.keys.anonKey)
})

afterAll(async () => {
  await site?.stop()
  await backend?.dispose()
})

function postForm(pathname: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${site.url}${pathname}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' })
}

const TOO_MANY = 'Too many submissions, please try again later.'

/** Text as the page shows it (React escapes apostrophes and ampersands in HTML). */
function shown(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;')
}

describe('contact form without JavaScript', () => {
  it('stores exactly what was posted and shows the confirmation', async () => {
    const response = await postForm('/leads/contact', {
      firstName: 'Ngozi',
      lastName: 'Okafor',
      email: 'ngozi@bank.example',
      interestedIn: 'Core Banking Software',
      message: 'We would like a demo of the core banking platform.',
      website: '',
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain(shown("Thank you! We'll be in touch shortly."))
    const { data, error } = await backend.service().from('contact_messages').select('*').eq('email', 'ngozi@bank.example')
    expect(error).toBeNull()
    expect(data).toHaveLength(1)
    expect(data![0]).toMatchObject({
      first_name: 'Ngozi',
      last_name: 'Okafor',
      interested_in: 'Core Banking Software',
      message: 'We would like a demo of the core banking platform.',
      status: 'new',
    })
  })

  it('answers missing and invalid fields with 400, the messages and the input kept', async () => {
    const response = await postForm('/leads/contact', {
      firstName: 'Tunde',
      lastName: '',
      email: 'not-an-email',
      message: 'Kept message text',
    })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Last name is required')
    expect(html).toContain('Please enter a valid email address')
    expect(html).toContain('value="Tunde"')
    expect(html).toContain('value="not-an-email"')
    expect(html).toContain('Kept message text')
    const { count } = await backend.service().from('contact_messages').select('*', { count: 'exact', head: true }).eq('first_name', 'Tunde')
    expect(count).toBe(0)
  })

  it('answers a filled honeypot as accepted and stores nothing', async () => {
    const response = await postForm('/leads/contact', {
      firstName: 'Bot',
      lastName: 'Filler',
      email: 'bot@spam.example',
      message: 'Buy now',
      website: 'http://spam.example',
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain(shown("Thank you! We'll be in touch shortly."))
    const { count } = await backend.service().from('contact_messages').select('*', { count: 'exact', head: true }).eq('email', 'bot@spam.example')
    expect(count).toBe(0)
  })

  it("shows the flood limit's message and keeps the input", async () => {
    const fields = { firstName: 'Eager', lastName: 'Sender', email: 'eager@example.com', message: 'Hello again' }
    // Five messages per e-mail an hour are accepted.
    for (let i = 0; i < 5; i++) expect((await postForm('/leads/contact', fields)).status).toBe(200)
    const refused = await postForm('/leads/contact', { ...fields, message: 'The sixth one' })
    expect(refused.status).toBe(429)
    const html = await refused.text()
    expect(html).toContain(TOO_MANY)
    expect(html).toContain('The sixth one')
    expect(html).toContain('value="eager@example.com"')
    const { count } = await backend.service().from('contact_messages').select('*', { count: 'exact', head: true }).eq('email', 'eager@example.com')
    expect(count).toBe(5)
  })

  it('preselects the solution named in the query string', async () => {
    const html = await (await fetch(`${site.url}/leads/contact?interest=banking`)).text()
    expect(html).toMatch(/<option value="Core Banking Software" selected="">/)
  })
})

describe('newsletter form without JavaScript', () => {
  it('signs up once, lower-cased and pending; signing up twice is not an error', async () => {
    for (const email of ['Reader@Example.com', 'reader@example.com']) {
      const response = await postForm('/leads/newsletter', { email })
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('Check your inbox to confirm your subscription.')
    }
    const { data } = await backend.service().from('newsletter_subscribers').select('email, status').eq('email', 'reader@example.com')
    expect(data).toEqual([{ email: 'reader@example.com', status: 'pending' }])
  })

  it('refuses an invalid address with 400 and keeps it', async () => {
    const response = await postForm('/leads/newsletter', { email: 'nobody@' })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Please enter a valid email address')
    expect(html).toContain('value="nobody@"')
  })

  it('stores nothing for a filled honeypot', async () => {
    expect((await postForm('/leads/newsletter', { email: 'robot@spam.example', website: 'x' })).status).toBe(200)
    const { count } = await backend.service().from('newsletter_subscribers').select('*', { count: 'exact', head: true }).eq('email', 'robot@spam.example')
    expect(count).toBe(0)
  })
})

describe('job application without JavaScript', () => {
  let activeJob: { id: string; slug: string; title: string }
  let inactiveJob: { id: string; slug: string }

  beforeAll(async () => {
    const service = backend.service()
    const { data: active } = await service.from('job_openings').select('id, slug, title').eq('active', true).limit(1).single()
    activeJob = active!
    const { data: inactive, error } = await service
      .from('job_openings')
      .insert({ title: 'Closed role', slug: '', location: 'Lagos', department: 'Finance', description: '<p>Closed.</p>', active: false })
      .select('id, slug')
      .single()
    expect(error).toBeNull()
    inactiveJob = inactive!
  })

  const pdf = (size = 2048) => {
    const bytes = new Uint8Array(size).fill(0x20)
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'))
    return bytes
  }

  /** Posts the application form as a browser without JavaScript does: to the role's own page. */
  function apply(slug: string, fields: Record<string, string>, cv: { bytes: Uint8Array; name: string; type: string } | null): Promise<Response> {
    const form = new FormData()
    for (const [key, value] of Object.entries(fields)) form.set(key, value)
    if (cv) form.set('cv', new File([cv.bytes as Uint8Array<ArrayBuffer>], cv.name, { type: cv.type }))
    return fetch(`${site.url}/careers/${slug}`, { method: 'POST', body: form, redirect: 'manual' })
  }

  async function storedCvs(): Promise<string[]> {
    const root = path.join(backend.dataDir, 'storage', 'applications')
    try {
      const entries = await readdir(root, { recursive: true, withFileTypes: true })
      return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
    } catch {
      return []
    }
  }

  async function applicationsFrom(email: string) {
    const { data, error } = await backend.service().from('job_applications').select('*').eq('email', email)
    expect(error).toBeNull()
    return data!
  }

  it("shows the form on the role's page, posting to that page; the old apply address redirects there", async () => {
    const response = await fetch(`${site.url}/careers/${activeJob.slug}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(`Apply for ${shown(activeJob.title)}`)
    const formTag = /<form [^>]*>/.exec(html)?.[0] ?? ''
    for (const attribute of ['method="post"', `action="/careers/${activeJob.slug}"`, 'encType="multipart/form-data"']) expect(formTag).toContain(attribute)
    const old = await fetch(`${site.url}/careers/${activeJob.id}/apply`, { redirect: 'manual' })
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(`/careers/${activeJob.slug}`)
  })

  it('stores the application and its CV in the private bucket', async () => {
    const before = (await storedCvs()).length
    const cvBytes = pdf()
    const response = await apply(
      activeJob.slug,
      { name: 'Amaka Eze', email: 'amaka@example.com', phone: '+234 801 234 5678', coverNote: 'I love ledgers.' },
      { bytes: cvBytes, name: 'Amaka Eze CV.pdf', type: 'application/pdf' },
    )
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Thank you for applying!')
    const rows = await applicationsFrom('amaka@example.com')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ job_opening_id: activeJob.id, name: 'Amaka Eze', phone: '+234 801 234 5678', cover_note: 'I love ledgers.' })
    // Consent is recorded; keeping the CV for future roles is off unless ticked.
    expect(rows[0]).toMatchObject({ keep_for_future_roles: false })
    expect(rows[0].consent_at).not.toBeNull()
    expect(rows[0].privacy_notice_version).toBeTruthy()
    expect(rows[0].cv_path).toMatch(/^[0-9a-f-]{36}\/amaka eze cv\.pdf$/)
    const download = await backend.service().storage.from('applications').download(rows[0].cv_path)
    expect(download.error).toBeNull()
    expect(new Uint8Array(await download.data!.arrayBuffer())).toEqual(cvBytes)
    expect((await storedCvs()).length).toBe(before + 1)
    // Private: a visitor cannot read it back.
    const anonDownload = await backend.anon().storage.from('applications').download(rows[0].cv_path)
    expect(anonDownload.error).not.toBeNull()
  })

  it('records the choice to be kept for future roles when ticked', async () => {
    const response = await apply(
      activeJob.slug,
      { name: 'Pool Candidate', email: 'pool@example.com', keepForFutureRoles: 'yes' },
      { bytes: pdf(), name: 'cv.pdf', type: 'application/pdf' },
    )
    expect(response.status).toBe(200)
    expect(await applicationsFrom('pool@example.com')).toMatchObject([{ keep_for_future_roles: true }])
  })

  it('refuses a 6 MB CV with 413 before reading it, on a page that says how much the form takes, and stores nothing', async () => {
    const before = await storedCvs()
    const response = await apply(
      activeJob.slug,
      { name: 'Big File', email: 'big-cv@example.com' },
      { bytes: pdf(6 * 1024 * 1024), name: 'big.pdf', type: 'application/pdf' },
    )
    expect(response.status).toBe(413)
    expect(await response.text()).toContain('at most 5 MB')
    expect(await applicationsFrom('big-cv@example.com')).toHaveLength(0)
    expect(await storedCvs()).toEqual(before)
  })

  it.each([
    [
      'a program renamed to .pdf',
      { bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]), name: 'cv.pdf', type: 'application/pdf' },
      'Please choose a PDF, DOC or DOCX file.',
    ],
    ['a text file', { bytes: new TextEncoder().encode('hello'), name: 'cv.txt', type: 'text/plain' }, 'Please choose a PDF, DOC or DOCX file.'],
  ])('refuses %s with 400, the input kept, and stores no row and no file', async (_, cv, message) => {
    const before = await storedCvs()
    const response = await apply(activeJob.slug, { name: 'Refused Person', email: 'refused@example.com', coverNote: 'Kept cover note' }, cv)
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain(message)
    expect(html).toContain('value="Refused Person"')
    expect(html).toContain('Kept cover note')
    expect(await applicationsFrom('refused@example.com')).toHaveLength(0)
    expect(await storedCvs()).toEqual(before)
  })

  it('refuses a missing CV and missing fields with 400', async () => {
    const response = await apply(activeJob.slug, { name: '', email: 'x@example.com' }, null)
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Name is required')
    expect(html).toContain('Please attach your CV.')
  })

  it('refuses a closed or unknown opening, storing nothing: a closed one says so (410), an unknown one is not found (404)', async () => {
    const before = await storedCvs()
    const cv = { bytes: pdf(), name: 'cv.pdf', type: 'application/pdf' }
    const closed = await apply(inactiveJob.slug, { name: 'Late Applicant', email: 'late@example.com' }, cv)
    expect(closed.status).toBe(410)
    expect(await closed.text()).toContain('This job opening is no longer accepting applications.')
    const unknown = await apply('no-such-role', { name: 'Late Applicant', email: 'late@example.com' }, cv)
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('There is no such role')
    const oldAddress = await fetch(`${site.url}/careers/${inactiveJob.id}/apply`, { redirect: 'manual' })
    expect(oldAddress.headers.get('location')).toBe('/careers')
    expect(await applicationsFrom('late@example.com')).toHaveLength(0)
    expect(await storedCvs()).toEqual(before)
  })

  it('takes the CV back when the row is refused by the flood limit', async () => {
    const fields = { name: 'Keen Applicant', email: 'keen@example.com' }
    const cv = { bytes: pdf(), name: 'cv.pdf', type: 'application/pdf' }
    for (let i = 0; i < 5; i++) expect((await apply(activeJob.slug, fields, cv)).status).toBe(200)
    const before = await storedCvs()
    const refused = await apply(activeJob.slug, { ...fields, coverNote: 'Sixth try' }, cv)
    expect(refused.status).toBe(429)
    const html = await refused.text()
    expect(html).toContain(TOO_MANY)
    expect(html).toContain('Sixth try')
    expect(await applicationsFrom('keen@example.com')).toHaveLength(5)
    expect(await storedCvs()).toEqual(before)
  })

  it('stores nothing for a filled honeypot', async () => {
    const before = await storedCvs()
    const response = await apply(
      activeJob.slug,
      { name: 'Bot', email: 'bot@example.com', website: 'spam' },
      { bytes: pdf(), name: 'cv.pdf', type: 'application/pdf' },
    )
    expect(response.status).toBe(200)
    expect(await applicationsFrom('bot@example.com')).toHaveLength(0)
    expect(await storedCvs()).toEqual(before)
  })
})
