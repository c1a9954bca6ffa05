// Every public route in a real browser, on a phone (390 px) and a laptop (1280 px): its heading
// shows, nothing fails (no console error, no failed request), and a screenshot of each lands in
// test-results/ for a person to look at. Then the interactive parts: menus, search, navigation.
import { mkdir } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { launchChromium } from './support/browser.ts'
import { PUBLIC_ROUTES } from './support/public-routes.ts'
import { hydrateOnGoto } from './support/hydration.ts'
import { settle } from './support/settle.ts'
import { siteUrl } from './support/product.ts'

let browser: Browser

const ROUTES: { path: string; heading: string }[] = [
  { path: '/', heading: 'Software that moves money, schools and businesses forward' },
  { path: '/solutions', heading: 'Software for the institutions that keep economies moving' },
  { path: '/solutions/banking', heading: 'Core Banking Software' },
  { path: '/products', heading: 'Our Products' },
  { path: '/industries', heading: 'Industries We Serve' },
  { path: '/resources', heading: "Insights for the institutions building Africa's financial future" },
  { path: '/resources/blog/humane-debt-recovery', heading: 'Humane Debt Recovery: Collect More by Pushing Less' },
  { path: '/about', heading: "Building the software Africa's institutions run on" },
  { path: '/careers', heading: 'Build software that institutions depend on' },
  { path: '/clients', heading: 'Trusted by the institutions that serve millions' },
  { path: '/contact', heading: "Let's talk about your next system" },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-use', heading: 'Terms of Use' },
  { path: '/no-such-page', heading: 'Page not found' },
]

beforeAll(async () => {
  browser = await launchChromium()
  await mkdir('test-results', { recursive: true })
})

afterAll(async () => {
  await browser?.close()
})

/** A page that records every console error, page error, failed request and stylesheet request. */
async function watchedPage(width: number, expect404 = false): Promise<{ page: Page; problems: string[] }> {
  const page = hydrateOnGoto(await browser.newPage({ viewport: { width, height: width < 768 ? 844 : 800 } }))
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    // Chrome reports the 404 page's own status as a console error; that one is the point.
    if (message.type() === 'error' && !(expect404 && message.text().includes('404 (Not Found)'))) {
      problems.push(`console: ${message.text()}`)
    }
  })
  page.on('requestfailed', (request) => {
    // A data request the router cancels because a newer navigation replaced it (typing in the
    // search box) is not a failure.
    const superseded = request.failure()?.errorText === 'net::ERR_ABORTED' && new URL(request.url()).pathname.endsWith('.data')
    if (!superseded) problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`)
  })
  page.on('request', (request) => {
    // The styles are in the page, and React adopts them as they are when it hydrates.
    if (request.resourceType() === 'stylesheet') problems.push(`stylesheet fetched: ${request.url()}`)
  })
  page.on('response', (response) => {
    // The 404 page itself is expected to answer 404.
    if (response.status() >= 400 && !(expect404 && response.url().endsWith('/no-such-page'))) problems.push(`${response.status()} ${response.url()}`)
  })
  return { page, problems }
}

function shotName(path: string, width: number): string {
  const name = path === '/' ? 'home' : path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')
  return `test-results/site-${name}-${width}.png`
}

describe.each([390, 1280])('every public route at %i px', (width) => {
  it.each(ROUTES)('$path shows its heading without errors', async ({ path, heading }) => {
    const { page, problems } = await watchedPage(width, path === '/no-such-page')
    await page.goto(`${siteUrl}${path}`)
    // The cards fade in one after another (the eighth ends 1.3 s after the first paint); the
    // screenshot and the contrast check are of the page as it then stays.
    await settle(page)
    const h1 = page.getByRole('heading', { level: 1 })
    await expect(h1.textContent()).resolves.toBe(heading)
    await expect(h1.isVisible()).resolves.toBe(true)
    // Nothing wider than the screen (no sideways scrolling on a phone).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: shotName(path, width), fullPage: true })
    expect(problems).toEqual([])
    // Accessibility as axe-core checks it (labels, names, contrast, landmarks, headings), here for
    // the pages a11y-public.e2e.ts does not already check at both widths.
    if (!PUBLIC_ROUTES.includes(path)) await expectNoViolations(page, `${path} at ${width} px`)
    await page.close()
  })
})

describe('in use', () => {
  it('on a phone the menu opens, navigates and closes', async () => {
    const { page, problems } = await watchedPage(390)
    await page.goto(siteUrl, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await menu.getByRole('link', { name: 'Editorial' }).click()
    await page.getByRole('heading', { level: 1, name: /^Insights/ }).waitFor()
    expect(page.url()).toBe(`${siteUrl}/resources`)
    await expect(menu.count()).resolves.toBe(0)
    expect(problems).toEqual([])
    await page.close()
  })

  it('on a laptop the Solutions dropdown opens by keyboard and leads to a solution', async () => {
    const { page, problems } = await watchedPage(1280)
    await page.goto(siteUrl, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Solutions' }).focus()
    await page.keyboard.press('Enter')
    const learnMore = page.getByRole('link', { name: 'Learn More', exact: true })
    await learnMore.waitFor()
    await page.screenshot({ path: 'test-results/site-solutions-menu-1280.png' })
    await learnMore.click()
    await page.getByRole('heading', { level: 1, name: 'Core Banking Software' }).waitFor()
    expect(page.url()).toBe(`${siteUrl}/solutions/banking`)
    expect(problems).toEqual([])
    await page.close()
  })

  it("a post's body stays through hydration (its document holds it once) and follows client navigations to another post and back", async () => {
    const { page, problems } = await watchedPage(1280)
    const sentence = 'Respectful collection is not soft collection.'
    const body = page.locator('#article-body')
    await page.goto(`${siteUrl}/resources/blog/humane-debt-recovery`, { waitUntil: 'networkidle' })
    await expect(body.textContent()).resolves.toContain(sentence)
    await page.getByRole('link', { name: 'Back to Editorial' }).click()
    await page.getByRole('heading', { level: 1, name: /^Insights/ }).waitFor()
    const other = page.getByRole('link', { name: /^Designing USSD Payment Journeys/ }).first()
    await other.click()
    await page.getByRole('heading', { level: 1, name: 'Designing USSD Payment Journeys for Feature Phones' }).waitFor()
    await expect(body.textContent()).resolves.toMatch(/USSD/)
    await expect(body.textContent()).resolves.not.toContain(sentence)
    await page.goBack()
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: 'Humane Debt Recovery: Collect More by Pushing Less' }).waitFor()
    await expect(body.textContent()).resolves.toContain(sentence)
    expect(problems).toEqual([])
    await page.close()
  })

  it('searching /resources filters as you type and keeps the query in the address', async () => {
    const { page, problems } = await watchedPage(1280)
    await page.goto(`${siteUrl}/resources`, { waitUntil: 'networkidle' })
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('ussd')
    await page.waitForURL(/\?q=ussd/)
    await page.getByRole('heading', { level: 2, name: 'Designing USSD Payment Journeys for Feature Phones' }).waitFor()
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('zzzz nothing')
    await page.getByText('No articles found. Try a different search term!').waitFor()
    expect(problems).toEqual([])
    await page.close()
  })
})
