// The public pages under the site's Content-Security-Policy raise nothing in Chromium: no
// `securitypolicyviolation` event and no CSP issue in DevTools (what Lighthouse's best-practices
// audit reads), from loading the page to using its forms (the lead forms load their schemas, and
// zod with them, when first focused). A library that probes for eval, even one that catches the
// refusal, fails here.
import { describe, expect } from 'vitest'
import { watchCsp } from './support/csp.ts'
import { test } from './support/fixtures.ts'
import { siteUrl } from './support/product.ts'

const ROUTES = ['/', '/about', '/contact', '/careers', '/resources', '/solutions/banking']

describe('Content-Security-Policy on the public pages', () => {
  for (const route of ROUTES) {
    test(`${route} raises no CSP violation, loaded and with its forms in use`, async ({ page }) => {
      const violations = await watchCsp(page)
      await page.goto(new URL(route, siteUrl).href, { waitUntil: 'networkidle' })
      // Focusing a form loads its schema; every page has the newsletter form in its footer.
      const fields = page.locator('form input:not([type="hidden"]):not([tabindex="-1"]), form textarea')
      for (let i = 0; i < (await fields.count()); i++) {
        if (await fields.nth(i).isVisible()) await fields.nth(i).focus()
      }
      await page.waitForLoadState('networkidle')
      expect(await violations()).toEqual([])
    })
  }
})
