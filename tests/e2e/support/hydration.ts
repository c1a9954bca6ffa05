import type { Page } from 'playwright-core'

/**
 * Resolves once React has hydrated the page: the app's modules load after the first paint
 * (src/lib/first-paint.server.ts) and root.tsx then marks <html data-hydrated>. A document
 * the app did not render with scripts (an XML file, a page with JavaScript off) is left alone.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const rendered = await page.evaluate(() => 'hydrated' in document.documentElement.dataset || '__reactRouterContext' in window).catch(() => false)
  if (rendered) await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset, null, { timeout: 15_000 })
}

/** Makes every `page.goto` of this page also wait for hydration, as a visitor waits to interact. */
export function hydrateOnGoto(page: Page): Page {
  const goto = page.goto.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await waitForHydration(page)
    return response
  }
  return page
}
