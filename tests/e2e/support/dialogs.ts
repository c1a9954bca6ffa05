// One check for every dialog a test opens: it opens from the keyboard, takes focus, has a name,
// passes axe, keeps Tab off the page behind it while open (it is modal), closes with Escape, and gives focus back
// to the control that opened it.
import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { expectNoViolations } from './axe.ts'

const DIALOG = '[role="dialog"], [role="alertdialog"], dialog[open]'

/** The control did not open a dialog (it may add a row in place instead). */
export class NoDialogOpened extends Error {}

export interface DialogCheckOptions {
  /** How the dialog is closed; Escape by default. */
  close?: (dialog: Locator) => Promise<void>
  /** Tab presses to try while open (focus must stay inside). */
  tabs?: number
}

export async function expectAccessibleDialog(page: Page, opener: Locator, label: string, { close, tabs = 8 }: DialogCheckOptions = {}): Promise<void> {
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.locator(DIALOG).filter({ visible: true }).last()
  await dialog.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => {
    throw new NoDialogOpened(`${label}: pressing Enter on the opener showed no dialog within 5 s`)
  })

  const inside = () => dialog.evaluate((element) => element.contains(document.activeElement))
  await expect(inside(), `${label}: focus moves into the dialog when it opens`).resolves.toBe(true)
  const name = await dialog.evaluate((element) => {
    const labelledBy = element.getAttribute('aria-labelledby')
    const byId = labelledBy
      ? labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : ''
    return (element.getAttribute('aria-label') ?? byId).trim()
  })
  expect(name, `${label}: the dialog has an accessible name (aria-label or aria-labelledby)`).not.toBe('')

  await dialog.evaluate((element) => element.setAttribute('data-axe-dialog', ''))
  await expectNoViolations(page, `${label} (dialog)`, { include: ['[data-axe-dialog]'] })

  // Modal: Tab never lands on the page behind it. Focus may cycle inside (a focus scope) or pass to
  // the browser's own controls (a native <dialog>), which is not a trap.
  const insideOrOut = () => dialog.evaluate((element) => element.contains(document.activeElement) || document.activeElement === document.body)
  for (let press = 0; press < tabs; press++) {
    await page.keyboard.press('Tab')
    await expect(insideOrOut(), `${label}: Tab press ${press + 1} stays out of the page behind the modal`).resolves.toBe(true)
  }

  if (close) await close(dialog)
  else await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden', timeout: 5_000 })
  // The dialog can be hidden a frame before its focus scope unmounts and hands focus back.
  const openerHandle = await opener.elementHandle()
  const focusReturned = await page
    .waitForFunction((element) => element === document.activeElement, openerHandle, { timeout: 2_000 })
    .then(
      () => true,
      () => false,
    )
  expect(focusReturned, `${label}: focus returns to the control that opened the dialog`).toBe(true)
}
