import type { Locator, Page } from 'playwright-core'

/** From this width an item's settings sit beside its text; below it they are a sheet. */
const WIDE_SCREEN = 1024

/**
 * An item page's settings ('Post settings', 'Job settings'): the panel inside its form on a wide
 * screen; on a phone the sheet its button opens.
 */
export async function openSettings(page: Page, form: Locator, title: string): Promise<Locator> {
  if ((page.viewportSize()?.width ?? 0) >= WIDE_SCREEN) return form.getByRole('region', { name: title })
  const sheet = page.getByRole('dialog', { name: title })
  if (!(await sheet.isVisible())) {
    await page.getByRole('button', { name: title }).click()
    await sheet.waitFor()
  }
  return sheet
}

/** Closes an item page's settings sheet on a phone (a wide screen's panel stays). */
export async function closeSettings(page: Page, title: string): Promise<void> {
  const sheet = page.getByRole('dialog', { name: title })
  if (await sheet.isVisible()) {
    await sheet.getByRole('button', { name: 'Close' }).click()
    await sheet.waitFor({ state: 'detached' })
  }
}
