// The browser tests' `test`: a Chromium per test file, and per test a fresh browser context whose
// page fails the test on console errors and failed requests, and leaves a screenshot and its HTML in
// test-results/ when the test fails.
import type { Browser, Page } from 'playwright-core'
import { test as base } from 'vitest'
import { saveFailureArtifacts } from './artifacts.ts'
import { launchChromium } from './browser.ts'
import { hydrateOnGoto } from './hydration.ts'
import { watchPageProblems, type PageProblems } from './page-problems.ts'

export const PHONE = { width: 390, height: 844 } as const
export const LAPTOP = { width: 1280, height: 800 } as const

interface Fixtures {
  $test: {
    page: Page
    /** The page's console errors and failed requests; `allow()` the ones a test provokes. */
    problems: PageProblems
  }
  $file: { browser: Browser }
}

export const test = base.extend<Fixtures>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads fixture dependencies from this pattern
    async ({}, use) => {
      const browser = await launchChromium()
      await use(browser)
      await browser.close()
    },
    { scope: 'file' },
  ],
  page: async ({ browser, task }, use) => {
    const context = await browser.newContext({ viewport: PHONE })
    const page = hydrateOnGoto(await context.newPage())
    await use(page)
    if (task.result?.state === 'fail') await saveFailureArtifacts(page, task.fullTestName ?? task.name)
    await context.close()
  },
  // Automatic: every test that runs with this `test` is watched, whether or not it names `problems`.
  problems: [
    async ({ page, task }, use) => {
      const problems = watchPageProblems(page)
      await use(problems)
      // Only when the test passed otherwise: its own failure is the better message.
      if (task.result?.state !== 'fail') problems.expectNone(`during "${task.name}"`)
    },
    { auto: true },
  ],
})
