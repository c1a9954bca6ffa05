// The browser tests' `test`: a Chromium per worker, shared by the worker's files one after another
// (each file leaves it with no context open), and per test a fresh browser context whose page fails
// the test on console errors and failed requests, and leaves a screenshot and its HTML in
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
  $worker: { chromium: Browser }
}

export const test = base.extend<Fixtures>({
  // A launch costs about 0.8 CPU-s; a worker's files share one (vitest.e2e.config.ts: isolate: false).
  chromium: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads fixture dependencies from this pattern
    async ({}, use) => {
      const chromium = await launchChromium()
      await use(chromium)
      await chromium.close()
    },
    { scope: 'worker' },
  ],
  // The file's view of it: contexts a file opened and left open close when the file ends, so the
  // next file starts from a browser with none (no cookies, storage or pages of another file).
  browser: [
    async ({ chromium }, use) => {
      await use(chromium)
      await Promise.all(chromium.contexts().map((context) => context.close()))
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
