// The back office in a real browser against `npm start`: sign in, add a job opening and find it on
// /careers, log out and find /admin closed (a post's life is journeys-blog.e2e.ts). Public pages are
// asserted on text only (they are built separately).
import { mkdir } from 'node:fs/promises'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './support/browser.ts'
import { AdminJobsPage } from './support/pages/admin-jobs.ts'
import { AdminLoginPage } from './support/pages/admin-login.ts'
import { AdminShell } from './support/pages/admin-shell.ts'
import { siteUrl } from './support/product.ts'

const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' }
const JOB = `Ledger Platform Engineer ${Date.now()}`

let browser: Browser
let context: BrowserContext
let page: Page
const errors: string[] = []

async function publicText(path: string): Promise<string> {
  const response = await fetch(`${siteUrl}${path}`)
  expect(response.status).toBe(200)
  return response.text()
}

/** The public page as a visitor gets it once the web server's one-second page cache has moved on. */
async function publicTextEventually(path: string, expected: string): Promise<string> {
  const deadline = Date.now() + 5_000
  for (;;) {
    const text = await publicText(path)
    if (text.includes(expected) || Date.now() > deadline) return text
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

beforeAll(async () => {
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  page = await context.newPage()
  page.on('pageerror', (error) => errors.push(error.message))
  await mkdir('test-results', { recursive: true })
})

afterAll(async () => {
  await browser?.close()
})

describe('admin code stays out of public pages', () => {
  it('the home page downloads no admin chunk and no Supabase client', async () => {
    const home = await browser.newPage()
    const scripts: string[] = []
    home.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url())
    })
    await home.goto(siteUrl, { waitUntil: 'networkidle' })
    expect(scripts.length).toBeGreaterThan(0)
    for (const url of scripts) {
      const code = await (await fetch(url)).text()
      expect(code, url).not.toContain('Welcome back')
      expect(code, url).not.toContain('signInWithPassword')
      expect(code, url).not.toContain('Save All Settings')
    }
    await home.close()
  })
})

describe('the back office journey, on a phone', () => {
  it('keeps /admin closed without a session', async () => {
    await page.goto(`${siteUrl}/admin/jobs`)
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Fjobs$/)
    const response = await fetch(`${siteUrl}/admin`)
    expect(response.headers.get('x-robots-tag')).toContain('noindex')
    // The server sends the spinner only: no admin data in the HTML.
    expect(await response.text()).not.toContain('Welcome back')
  })

  it('signs in, then returns to the page that was asked for', async () => {
    const login = new AdminLoginPage(page, siteUrl)
    await login.signIn(ADMIN.email, 'wrong-password')
    await login.toast('Login Failed').waitFor()
    await login.signIn(ADMIN.email, ADMIN.password)
    await login.toast('Login Successful').waitFor()
    await page.waitForURL(`${siteUrl}/admin/jobs`)
    await new AdminShell(page).greeting().waitFor()
    await page.screenshot({ path: 'test-results/admin-jobs-phone.png' })
  })

  it('adds a job opening that /careers then shows', async () => {
    const jobs = new AdminJobsPage(page)
    await jobs.addJob({ title: JOB, location: 'Lagos', country: 'NG', department: 'Engineering', type: 'Full-time', description: 'Build the ledger.' })
    await new AdminShell(page).toast('Job opening created successfully').waitFor()
    await jobs.row(JOB).getByText('Active').waitFor()
    expect(await publicTextEventually('/careers', JOB)).toContain(JOB)
  })

  it('logs out and finds /admin closed', async () => {
    await new AdminShell(page).logout()
    await page.waitForURL(`${siteUrl}/admin/login`)
    await page.goto(`${siteUrl}/admin`)
    await page.waitForURL(/\/admin\/login/)
    await page.getByLabel('Email').waitFor()
    expect(errors).toEqual([])
  })
})
