// axe-core on every admin screen and every dialog its Add/Create buttons open, signed in, on a phone
// and on a laptop: zero WCAG 2.1 A/AA violations, and each dialog takes and returns focus.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { ADMIN_LOGIN, ADMIN_ROUTES, DEV_ADMIN } from './support/admin-routes.ts'
import { expectNoViolations } from './support/axe.ts'
import { expectAccessibleDialog, NoDialogOpened } from './support/dialogs.ts'
import { test } from './support/fixtures.ts'
import { VIEWPORTS } from './support/public-routes.ts'
import { settle } from './support/settle.ts'
import { siteUrl } from './support/product.ts'

async function signIn(page: Page): Promise<void> {
  await page.goto(new URL(ADMIN_LOGIN, siteUrl).href)
  await page.getByLabel('Email').fill(DEV_ADMIN.email)
  await page.getByLabel('Password').fill(DEV_ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByText(/^Welcome back, /).waitFor()
}

/** Runs a check and returns its failure message instead of throwing, so one run reports them all. */
async function failureOf(check: () => Promise<void>): Promise<string | null> {
  try {
    await check()
    return null
  } catch (error) {
    // An 'Add …' button that adds a row in place (a stat, a tag) opens no dialog: nothing to check.
    if (error instanceof NoDialogOpened) {
      console.log(`(${error.message}; not a dialog opener)`)
      return null
    }
    return (error as Error).message
  }
}
describe.each(VIEWPORTS)('admin screens at $width px ($name)', (viewport) => {
  test('every screen and every Add/Create dialog has no WCAG 2.1 AA violations', { timeout: 300_000 }, async ({ page }) => {
    await page.setViewportSize(viewport)
    await signIn(page)
    const failures: string[] = []
    for (const route of ADMIN_ROUTES) {
      await page.goto(new URL(route, siteUrl).href)
      await page.getByText(/^Welcome back, /).waitFor()
      await settle(page)
      const label = `${route} at ${viewport.width} px`
      const screenFailure = await failureOf(() => expectNoViolations(page, label))
      if (screenFailure) failures.push(screenFailure)

      const openers = page.getByRole('button', { name: /^(Add|Create|New) / }).filter({ visible: true })
      for (let i = 0; i < (await openers.count()); i++) {
        const opener = openers.nth(i)
        const name = (await opener.textContent())?.trim()
        const dialogFailure = await failureOf(() => expectAccessibleDialog(page, opener, `${label}, '${name}'`))
        if (dialogFailure) failures.push(dialogFailure)
        await page.keyboard.press('Escape') // closed already when the check passed
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([])
  })
})
