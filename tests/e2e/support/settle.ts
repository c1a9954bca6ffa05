import type { Page } from 'playwright-core'

/**
 * Waits until the page looks the way a visitor reading it sees it: network quiet, web fonts loaded,
 * and every finite animation (entrances, fades) finished, so checks such as colour contrast do not
 * measure a half-faded element. Endless animations (a logo marquee) are left running.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.evaluate(async () => {
    await document.fonts.ready
    const finite = document.getAnimations().filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
}
