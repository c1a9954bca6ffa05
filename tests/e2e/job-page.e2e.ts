// A role's own page in Chromium: no WCAG 2.1 AA violations on a phone and a laptop (the closed-role
// page too), and the application form posting without JavaScript: the page comes back with the
// confirmation and the application is stored.
import { createClient } from '@supabase/supabase-js'
import { describe, expect } from 'vitest'
import WebSocket from 'ws'
import { expectNoViolations } from './support/axe.ts'
import { test } from './support/fixtures.ts'
import { VIEWPORTS } from './support/public-routes.ts'
import { settle } from './support/settle.ts'
import { siteUrl, productBackend } from './support/product.ts'

const backend = productBackend()
const JOB_PAGE = '/careers/senior-backend-engineer-core-banking'
const CLOSED_JOB_PAGE = '/careers/data-analyst-collections'

describe.each(VIEWPORTS)('a job page at $width px ($name)', (viewport) => {
  test("an open role's page has no WCAG 2.1 AA violations", async ({ page }) => {
    await page.setViewportSize(viewport)
    const response = await page.goto(new URL(JOB_PAGE, siteUrl).href)
    expect(response?.status()).toBe(200)
    await settle(page)
    await expectNoViolations(page, `${JOB_PAGE} at ${viewport.width} px`)
  })

  test("a closed role's page has none either", async ({ page, problems }) => {
    // The 410 is the answer asked for; the browser reports it as an HTTP error and on the console.
    problems.allow(/HTTP 410: GET .*\/careers\/data-analyst-collections$/)
    problems.allow(/status of 410 \(Gone\) \(.*\/careers\/data-analyst-collections:0\)/)
    await page.setViewportSize(viewport)
    const response = await page.goto(new URL(CLOSED_JOB_PAGE, siteUrl).href)
    expect(response?.status()).toBe(410)
    await settle(page)
    await expectNoViolations(page, `${CLOSED_JOB_PAGE} at ${viewport.width} px`)
  })
})

describe('the application form without JavaScript', () => {
  test('posts the page itself and answers with the confirmation; the application is stored', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(new URL(JOB_PAGE, siteUrl).href)
    const form = page.getByRole('form', { name: 'Apply for Senior Backend Engineer, Core Banking' })
    await form.getByLabel('Full Name').fill('Kelechi Obi')
    await form.getByLabel('Email', { exact: true }).fill('kelechi.nojs@example.com')
    await form.getByLabel(/^CV/).setInputFiles({ name: 'Kelechi CV.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% no script\n') })
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === 'POST'),
      form.getByRole('button', { name: 'Submit Application' }).click(),
    ])
    expect(response.url()).toBe(new URL(JOB_PAGE, siteUrl).href)
    expect(response.status()).toBe(200)
    await page.getByText('Thank you for applying!').waitFor()
    await context.close()

    const service = createClient(backend.url, backend.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    })
    const { data } = await service.from('job_applications').select('name').eq('email', 'kelechi.nojs@example.com')
    expect(data).toEqual([{ name: 'Kelechi Obi' }])
  })
})
