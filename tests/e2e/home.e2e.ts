import { mkdir } from 'node:fs/promises'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './support/browser.ts'
import { hydrateOnGoto } from './support/hydration.ts'
import { siteUrl } from './support/product.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
})

describe('the home page', () => {
  it('arrives rendered on the server: title, description and content are in the HTML', async () => {
    const html = await (await fetch(siteUrl)).text()
    expect(html).toContain('<title>Ledgerfield Technologies</title>')
    expect(html).toMatch(/<meta name="description" content="[^"]+"/)
    expect(html).toContain('Software that moves money, schools and businesses forward')
  })

  it('shows the hero, the client marquee, the product cards and the testimonials on a phone, without errors', async () => {
    const page = hydrateOnGoto(await browser.newPage({ viewport: { width: 390, height: 844 } }))
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`)
    })
    await page.goto(siteUrl, { waitUntil: 'networkidle' })

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Software that moves money, schools and businesses forward')
    await expect(page.getByRole('img', { name: 'Harbourline Microfinance Bank' }).first().isVisible()).resolves.toBe(true)
    const products = await page.getByRole('heading', { level: 3 }).allTextContents()
    expect(products).toEqual(expect.arrayContaining(['Education Management System', 'Human Resources Management', 'iRepay Debt Collection & Recovery']))
    await expect(page.getByRole('region', { name: 'Testimonials' }).isVisible()).resolves.toBe(true)
    await mkdir('test-results', { recursive: true })
    await page.screenshot({ path: 'test-results/home-phone.png', fullPage: true })
    expect(errors).toEqual([])
    await page.close()
  })
})
