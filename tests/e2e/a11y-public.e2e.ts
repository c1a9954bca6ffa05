// axe-core on every public page, on a phone and on a laptop: zero WCAG 2.1 A/AA violations.
import { describe, expect } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { test } from './support/fixtures.ts'
import { PUBLIC_ROUTES, VIEWPORTS } from './support/public-routes.ts'
import { settle } from './support/settle.ts'
import { siteUrl } from './support/product.ts'

// The newsletter's personal links (not in the sitemap): the confirmation page's and the unsubscribe
// page's one button (opening a link changes nothing, so any token shows the page).
const NEWSLETTER_LINK_PAGES = ['/newsletter/confirm/expired-token', `/newsletter/unsubscribe/${'0'.repeat(64)}`]

describe.each(VIEWPORTS)('public pages at $width px ($name)', (viewport) => {
  test.for([...PUBLIC_ROUTES, ...NEWSLETTER_LINK_PAGES])('%s has no WCAG 2.1 AA violations', async (route, { page }) => {
    await page.setViewportSize(viewport)
    const response = await page.goto(new URL(route, siteUrl).href)
    expect(response?.status(), `status of ${route}`).toBe(200)
    await settle(page)
    await expectNoViolations(page, `${route} at ${viewport.width} px`)
  })
})
