// The public pages under the site's Content-Security-Policy raise nothing in Chromium: no
// `securitypolicyviolation` event and no CSP issue in DevTools (what Lighthouse's best-practices
// audit reads), from loading the page to using its forms (the lead forms load their schemas, and
// zod with them, when first focused). A library that probes for eval, even one that catches the
// refusal, fails here.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { test } from './support/fixtures.ts'
import { siteUrl } from './support/product.ts'

const ROUTES = ['/', '/about', '/contact', '/careers', '/resources', '/solutions/banking']

declare global {
  interface Window {
    cspViolations?: string[]
  }
}

/** Records every CSP violation the page sees (DOM events) or DevTools reports (issues). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations!.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`)
    })
  })
  const issues: string[] = []
  const devtools = await page.context().newCDPSession(page)
  devtools.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') issues.push(`DevTools issue: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`)
  })
  await devtools.send('Audits.enable')
  return async () => {
    // Everything the page did so far has been reported: two frames rendered after it (a style a
    // script set is checked when applied), then a DevTools round trip behind its issues.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
    await devtools.send('Runtime.evaluate', { expression: '0' })
    return [...((await page.evaluate(() => window.cspViolations ?? []).catch(() => [])) as string[]), ...issues]
  }
}

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
