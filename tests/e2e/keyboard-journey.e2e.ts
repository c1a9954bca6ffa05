// A visitor without a mouse: reaches the header's Solutions menu, opens a solution from it, then goes
// to the contact page and sends the form — Tab, Enter, arrows and typing only, with focus visible at
// every stop. Controls are found by the names a screen reader announces.
import { describe } from 'vitest'
import { LAPTOP, test } from './support/fixtures.ts'
import { expectFocusVisible, tabTo } from './support/keyboard.ts'
import { settle } from './support/settle.ts'
import { siteUrl } from './support/product.ts'

describe('a keyboard-only visitor', () => {
  test('opens a solution from the header menu and sends the contact form', async ({ page }) => {
    await page.setViewportSize(LAPTOP)
    await page.goto(siteUrl)
    await settle(page)

    // Header: the Solutions menu opens from the keyboard and leads to a solution.
    const solutionsMenu = page.getByRole('banner').getByRole('button', { name: /^Solutions/ })
    await tabTo(page, solutionsMenu)
    await expectFocusVisible(page, 'Solutions menu')
    await page.keyboard.press('Enter')
    const banking = page
      .getByRole('link', { name: /Learn More|Core Banking Software/ })
      .filter({ visible: true })
      .first()
    await banking.waitFor({ state: 'visible' })
    await tabTo(page, banking, { maxPresses: 20 })
    await expectFocusVisible(page, 'Core Banking link')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${siteUrl}/solutions/banking`)
    // The outgoing page may still be on screen during the page transition: wait for the new one.
    await page.getByRole('heading', { level: 1, name: /Core Banking/ }).waitFor()

    // Header: 'Get Started' goes to the contact page.
    const getStarted = page.getByRole('banner').getByRole('link', { name: 'Get Started' })
    // Wherever focus was left by the navigation, Tab comes round to the header (past the browser's own UI).
    await tabTo(page, getStarted, { maxPresses: 150 })
    await expectFocusVisible(page, 'Get Started')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${siteUrl}/contact`)
    await settle(page)

    // The form, field by field.
    const fields: [RegExp, string][] = [
      [/first name/i, 'Ada'],
      [/last name/i, 'Keys'],
      [/e-?mail/i, 'ada.keys@example.com'],
    ]
    for (const [label, value] of fields) {
      const field = page.getByLabel(label).first()
      await tabTo(page, field)
      await expectFocusVisible(page, String(label))
      await page.keyboard.type(value)
    }
    const interest = page.getByLabel(/interested in/i).first()
    await tabTo(page, interest)
    await expectFocusVisible(page, 'interested in')
    await page.keyboard.press('ArrowDown') // a native select changes; a listbox opens…
    if (await page.getByRole('listbox').filter({ visible: true }).count()) await page.keyboard.press('Enter') // …and picks
    const message = page.getByLabel(/message/i).first()
    await tabTo(page, message)
    await page.keyboard.type('Sent without a mouse.')
    const send = page.getByRole('button', { name: /send/i })
    await tabTo(page, send)
    await expectFocusVisible(page, 'send button')
    await page.keyboard.press('Enter')
    await page.getByText("Thank you! We'll be in touch shortly.").waitFor({ state: 'visible', timeout: 10_000 })
  })
})
