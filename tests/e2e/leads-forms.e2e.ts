// The lead forms filled in as a person would, in Chromium, with JavaScript (inline errors and
// confirmations, no page load) and without it (full page posts), and the stored rows read back with
// the service-role key.
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { launchChromium } from './support/browser.ts'
import { hydrateOnGoto } from './support/hydration.ts'
import { siteUrl, productBackend } from './support/product.ts'

const backend = productBackend()
// A person's browser: the headless one names itself HeadlessChrome, which counts as a bot.
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
let browser: Browser
let service: SupabaseClient

beforeAll(async () => {
  browser = await launchChromium()
  service = createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  })
})

afterAll(async () => {
  await browser?.close()
})

/** A phone-sized page that collects every error, CSP refusal and failed request. */
async function openPage(options: { javaScript?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: options.javaScript ?? true, userAgent })
  const page = hydrateOnGoto(await context.newPage())
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('response', (response) => {
    // 400/429 are the forms' own answers; anything else failing is a problem.
    if (response.status() >= 500 || response.status() === 404) problems.push(`${response.status()} ${response.url()}`)
  })
  return { context, page, problems }
}

async function contactRows(email: string) {
  const { data, error } = await service.from('contact_messages').select('*').eq('email', email)
  expect(error).toBeNull()
  return data ?? []
}

describe('contact form', () => {
  it('with JavaScript: inline errors first, then the inline confirmation and an empty form', async () => {
    const { context, page, problems } = await openPage()
    await page.goto(`${siteUrl}/leads/contact?interest=hr`, { waitUntil: 'networkidle' })
    // Scoped to the form: the page's footer may hold the newsletter form too.
    const form = page.getByRole('form', { name: 'Contact form' })
    await expect(form.getByLabel('Interested In').inputValue()).resolves.toBe('Human Resources Management System')

    await form.getByLabel('First Name').fill('Chidi')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await form.getByText('Last name is required').waitFor()
    await expect(form.getByText('Message is required').isVisible()).resolves.toBe(true)
    expect(page.url()).toBe(`${siteUrl}/leads/contact?interest=hr`)

    await form.getByLabel('Last Name').fill('Obi')
    await form.getByLabel('Email', { exact: true }).fill('chidi.obi@example.com')
    await form.getByLabel('Message').fill('Please call me about payroll.')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await form.getByRole('status').filter({ hasText: "Thank you! We'll be in touch shortly." }).waitFor()
    await expect(form.getByLabel('First Name').inputValue()).resolves.toBe('')
    await expect(form.getByLabel('Message').inputValue()).resolves.toBe('')

    const rows = await contactRows('chidi.obi@example.com')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      first_name: 'Chidi',
      last_name: 'Obi',
      interested_in: 'Human Resources Management System',
      message: 'Please call me about payroll.',
    })
    await mkdir('test-results', { recursive: true })
    await page.screenshot({ path: 'test-results/contact-sent-phone.png', fullPage: true })
    expect(problems).toEqual([])
    await context.close()
  })

  it('without JavaScript: a full page post shows the confirmation and stores the message', async () => {
    const { context, page, problems } = await openPage({ javaScript: false })
    await page.goto(`${siteUrl}/leads/contact`)
    const form = page.getByRole('form', { name: 'Contact form' })
    await form.getByLabel('First Name').fill('Halima')
    await form.getByLabel('Last Name').fill('Bello')
    await form.getByLabel('Email', { exact: true }).fill('halima@example.com')
    await form.getByLabel('Interested In').selectOption('Core Banking Software')
    await form.getByLabel('Message').fill('No scripts here.')
    await Promise.all([page.waitForLoadState('load'), form.getByRole('button', { name: 'Send Message' }).click()])
    await form.getByText("Thank you! We'll be in touch shortly.").waitFor()
    const rows = await contactRows('halima@example.com')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ first_name: 'Halima', last_name: 'Bello', interested_in: 'Core Banking Software', message: 'No scripts here.' })
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('newsletter form', () => {
  it('subscribes with an inline confirmation', async () => {
    const { context, page, problems } = await openPage()
    await page.goto(`${siteUrl}/leads/newsletter`, { waitUntil: 'networkidle' })
    // The page's own form comes before the footer's (if the layout has one).
    const form = page.getByRole('form', { name: 'Newsletter' }).first()
    await form.getByLabel('Email address').fill('Fan@Example.com')
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await form.getByRole('status').filter({ hasText: 'Check your inbox to confirm your subscription.' }).waitFor()
    const { data } = await service.from('newsletter_subscribers').select('email, status').eq('email', 'fan@example.com')
    expect(data).toEqual([{ email: 'fan@example.com', status: 'pending' }])
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('job application form', () => {
  it('refuses a wrong file type before sending, then stores the application and its CV', async () => {
    const { data: job } = await service.from('job_openings').select('id, slug, title').eq('active', true).limit(1).single()
    const folder = path.join(tmpdir(), `e2e-cv-${Date.now()}`)
    await mkdir(folder, { recursive: true })
    const wrong = path.join(folder, 'photo.png')
    const cv = path.join(folder, 'Ifeoma CV.pdf')
    await writeFile(wrong, 'not a cv')
    await writeFile(cv, '%PDF-1.4\n% a small CV\n')

    const { context, page, problems } = await openPage()
    let posts = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes(`/careers/${job!.slug}`)) posts++
    })
    await page.goto(`${siteUrl}/careers/${job!.slug}`, { waitUntil: 'networkidle' })
    const form = page.getByRole('form', { name: `Apply for ${job!.title}` })
    await form.getByLabel('Full Name').fill('Ifeoma Nwosu')
    await form.getByLabel('Email', { exact: true }).fill('ifeoma@example.com')
    await form.getByLabel('Phone').fill('+234 802 000 0000')
    await form.getByLabel('Cover Note').fill('Ten years of COBOL and Kotlin.')
    await form.getByLabel(/^CV/).setInputFiles(wrong)
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await form.getByText('Please choose a PDF, DOC or DOCX file.').waitFor()
    expect(posts).toBe(0)

    await form.getByLabel(/^CV/).setInputFiles(cv)
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await form.getByRole('status').filter({ hasText: 'Thank you for applying!' }).waitFor()
    const { data: rows } = await service.from('job_applications').select('*').eq('email', 'ifeoma@example.com')
    expect(rows).toHaveLength(1)
    expect(rows![0]).toMatchObject({ job_opening_id: job!.id, name: 'Ifeoma Nwosu', phone: '+234 802 000 0000', cover_note: 'Ten years of COBOL and Kotlin.' })
    const file = await service.storage.from('applications').download(rows![0].cv_path)
    expect(await file.data?.text()).toBe('%PDF-1.4\n% a small CV\n')
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('page views', () => {
  it('counts one view per page load, the server render included only once', async () => {
    const before = async () => {
      const { data } = await service.from('page_views').select('count').eq('path', '/leads/newsletter')
      return (data ?? []).reduce((sum, row) => sum + (row.count as number), 0)
    }
    const start = await before()
    const { context, page } = await openPage()
    await page.goto(`${siteUrl}/leads/newsletter`, { waitUntil: 'networkidle' })
    await page.reload({ waitUntil: 'networkidle' })
    await context.close()
    await expect.poll(before, { timeout: 5000 }).toBe(start + 2)
  })
})
