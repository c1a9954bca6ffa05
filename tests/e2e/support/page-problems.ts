// Collects what a visitor would not see but a broken page shows in DevTools: uncaught exceptions,
// console errors, failed requests and HTTP error responses, so a test can fail on them.
import type { Page } from 'playwright-core'

export interface PageProblems {
  /** Everything collected so far that is not allowed. */
  list(): string[]
  /** Accepts problems matching a pattern (e.g. the 404 a test provokes on purpose). */
  allow(pattern: RegExp): void
  /** Throws, listing them, when there is any problem. */
  expectNone(label?: string): void
}

// A navigation cancels the requests still in flight (prefetches, analytics beacons): not a failure.
const ALWAYS_ALLOWED = [/net::ERR_ABORTED/]

export function watchPageProblems(page: Page): PageProblems {
  const problems: string[] = []
  const allowed = [...ALWAYS_ALLOWED]
  page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const { url, lineNumber } = message.location()
    problems.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`)
  })
  page.on('requestfailed', (request) => {
    problems.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`.trim())
  })
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`)
  })
  const list = () => problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)))
  return {
    list,
    allow: (pattern) => void allowed.push(pattern),
    expectNone(label) {
      const found = list()
      if (found.length === 0) return
      throw new Error(`${found.length} problem(s) in the page${label ? ` ${label}` : ''}:\n  ${found.join('\n  ')}`)
    },
  }
}
