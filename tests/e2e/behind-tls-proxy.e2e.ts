// The site as deployed: nginx terminates TLS (a throwaway self-signed certificate) and passes
// Host, X-Forwarded-Proto and X-Forwarded-For on to the web server, which runs with TRUST_PROXY=1
// and SITE_URL=https://…, against this worker's backend. Chromium visits only the https origin:
// the contact, newsletter and application forms work with JavaScript and without, staff sign in
// and upload an image, and a CV link opens the CV.
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import type { Browser, BrowserContext, Download, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { startSite, type SiteServer } from '../helpers/site-server.ts'
import { test } from './support/fixtures.ts'
import { hydrateOnGoto } from './support/hydration.ts'
import { watchPageProblems, type PageProblems } from './support/page-problems.ts'
import { AdminPage } from './support/pages/admin.ts'
import { AdminMediaPage } from './support/pages/admin-media.ts'
import { dataDir, productBackend } from './support/product.ts'
import { freePort } from '../../scripts/lib/free-port.ts'
import { deleteRows, deleteStoredFile, selectRows } from './support/staff-data.ts'
import { startTlsProxy, type TlsProxy } from './support/tls-proxy.ts'

const backend = productBackend()
const STAMP = Date.now()
const FOLDER = `tls-${STAMP}`
const emails = { contact: `tls-contact-${STAMP}@example.com`, newsletter: `tls-news-${STAMP}@example.com`, applicant: `tls-apply-${STAMP}@example.com` }
// A person's browser: the headless one names itself HeadlessChrome, which counts as a bot.
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const CV = Buffer.from(`%PDF-1.4\n% CV through the proxy ${STAMP}\n%%EOF\n`)

let site: SiteServer | undefined
let proxy: TlsProxy | undefined
let origin = ''

beforeAll(async () => {
  const port = await freePort()
  origin = `https://127.0.0.1:${port}`
  site = await startSite(backend.url, backend.anonKey, {
    SUPABASE_PROXY: '1',
    SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
    TRUST_PROXY: '1',
    SITE_URL: origin,
    DATA_DIR: dataDir,
  })
  proxy = await startTlsProxy(port, site.url)
})

afterAll(async () => {
  await proxy?.stop()
  await site?.stop()
  for (const email of Object.values(emails)) {
    const cvs = await selectRows<{ cv_path: string }>('job_applications', `select=cv_path&email=eq.${encodeURIComponent(email)}`)
    for (const { cv_path } of cvs) await deleteStoredFile('applications', cv_path)
    await deleteRows('job_applications', `email=eq.${encodeURIComponent(email)}`)
    await deleteRows('contact_messages', `email=eq.${encodeURIComponent(email)}`)
    await deleteRows('newsletter_subscribers', `email=eq.${encodeURIComponent(email)}`)
  }
  await deleteStoredFile('media', `${FOLDER}/proxy-photo.png`).catch(() => undefined)
})

interface Visit {
  context: BrowserContext
  page: Page
  problems: PageProblems
}

/** A phone-sized page that accepts the throwaway certificate and fails on any error it shows. */
async function visitor(browser: Browser, javaScript: boolean): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ignoreHTTPSErrors: true, javaScriptEnabled: javaScript, userAgent })
  const page = javaScript ? hydrateOnGoto(await context.newPage()) : await context.newPage()
  return { context, page, problems: watchPageProblems(page) }
}

/** Submits a form: with JavaScript the fetcher answers in place, without it the page is replaced. */
async function submit(page: Page, javaScript: boolean, button: () => Promise<void>): Promise<void> {
  if (javaScript) await button()
  else await Promise.all([page.waitForLoadState('load'), button()])
}

async function count(table: string, email: string): Promise<number> {
  return (await selectRows(table, `select=email&email=eq.${encodeURIComponent(email)}`)).length
}

describe('behind nginx terminating TLS', () => {
  for (const javaScript of [true, false]) {
    const how = javaScript ? 'with JavaScript' : 'without JavaScript'

    test(`a visitor sends the contact and newsletter forms ${how}`, async ({ browser }) => {
      const { context, page, problems } = await visitor(browser, javaScript)
      await page.goto(`${origin}/leads/contact`)
      const contact = page.getByRole('form', { name: 'Contact form' })
      await contact.getByLabel('First Name').fill('Efua')
      await contact.getByLabel('Last Name').fill('Asante')
      await contact.getByLabel('Email', { exact: true }).fill(emails.contact)
      await contact.getByLabel('Message').fill(`Sent ${how} through the proxy.`)
      await submit(page, javaScript, () => contact.getByRole('button', { name: 'Send Message' }).click())
      await contact.getByText("Thank you! We'll be in touch shortly.").waitFor()

      await page.goto(`${origin}/leads/newsletter`)
      const newsletter = page.getByRole('form', { name: 'Newsletter' }).first()
      await newsletter.getByLabel('Email address').fill(emails.newsletter)
      await submit(page, javaScript, () => newsletter.getByRole('button', { name: 'Subscribe' }).click())
      await newsletter.getByText('Check your inbox to confirm your subscription.').waitFor()
      expect(new URL(page.url()).origin).toBe(origin)

      // The personal unsubscribe page sends no referrer, so its own form's Origin is `null`.
      await page.goto(`${origin}/newsletter/unsubscribe/${randomUUID()}`)
      await submit(page, javaScript, () =>
        page
          .getByRole('main')
          .getByRole('button', { name: /unsubscribe/i })
          .click(),
      )
      await page.getByRole('main').getByRole('status').waitFor()
      problems.expectNone(how)
      await context.close()
    })

    test(`a visitor applies with a CV ${how}`, async ({ browser }) => {
      const [job] = await selectRows<{ slug: string; title: string }>('job_openings', 'select=slug,title&active=eq.true&limit=1')
      const { context, page, problems } = await visitor(browser, javaScript)
      await page.goto(`${origin}/careers/${job.slug}`)
      const form = page.getByRole('form', { name: `Apply for ${job.title}` })
      await form.getByLabel('Full Name').fill(`Kwame ${javaScript ? 'Script' : 'Plain'}`)
      await form.getByLabel('Email', { exact: true }).fill(emails.applicant)
      await form.getByLabel(/^CV/).setInputFiles({ name: 'Kwame CV.pdf', mimeType: 'application/pdf', buffer: CV })
      await submit(page, javaScript, () => form.getByRole('button', { name: 'Submit Application' }).click())
      await form.getByText('Thank you for applying!').waitFor()
      problems.expectNone(how)
      await context.close()
    })
  }

  test('the forms stored what was sent', async () => {
    expect(await count('contact_messages', emails.contact)).toBe(2)
    expect(await count('newsletter_subscribers', emails.newsletter)).toBe(1)
    expect(await count('job_applications', emails.applicant)).toBe(2)
  })

  test('staff sign in, upload an image and open a CV link', async ({ browser }) => {
    const { context, page, problems } = await visitor(browser, true)
    const admin = new AdminPage(page, origin)
    await admin.signIn()
    await admin.open('/admin/media', 'Media')
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#2d317b' } })
      .png()
      .toBuffer()
    const media = new AdminMediaPage(page)
    await media.upload(FOLDER, { name: 'Proxy Photo.png', mimeType: 'image/png', buffer: png })
    await admin.expectToast('Image uploaded successfully')
    await media.item('proxy-photo.png').waitFor()

    await admin.open('/admin/applications', 'Applications')
    const application = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: 'Kwame Script' }) })
    await application.waitFor()
    // 'Download CV' opens a tab on a signed link on the site's https origin; the tab downloads it.
    const downloaded = new Promise<Download>((resolve) => context.once('page', (tab) => tab.once('download', resolve)))
    await application.getByRole('button', { name: 'Download CV' }).click()
    const download = await downloaded
    expect(new URL(download.url()).origin).toBe(origin)
    expect((await readFile(await download.path())).equals(CV)).toBe(true)
    problems.expectNone('in the back office')
    await context.close()
  })
})
