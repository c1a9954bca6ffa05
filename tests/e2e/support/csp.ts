// Every Content-Security-Policy complaint a page raises: the `securitypolicyviolation` events it
// sees, and the CSP issues DevTools reports (what Lighthouse's best-practices audit reads).
import type { Page } from 'playwright-core'

declare global {
  interface Window {
    cspViolations?: string[]
  }
}

/** Records every CSP violation the page sees (DOM events) or DevTools reports (issues). */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
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
