// Journey: staff change the contact e-mail in Site Settings ('Save All Settings') and a visitor sees
// it on /contact and in the footer of every page. Every setting is put back afterwards.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { test } from './support/fixtures.ts'
import { AdminPage, visit } from './support/pages/admin.ts'
import { deleteRows, selectRows, upsertRows } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const NEW_EMAIL = 'journeys.desk@example.com'
let original: { key: string; value: string }[] = []

beforeAll(async () => {
  original = await selectRows('site_settings', 'select=key,value')
})

afterAll(async () => {
  // 'Save All Settings' writes every field, so keys that were absent are removed again.
  await upsertRows('site_settings', original, 'key')
  const keys = original.map((row) => `"${row.key}"`).join(',')
  await deleteRows('site_settings', `key=not.in.(${keys})`)
})

describe('site settings', () => {
  test('a new contact e-mail saved in Site Settings shows on /contact and in the footer', { timeout: 120_000 }, async ({ page }) => {
    const before = original.find((row) => row.key === 'contact_email')?.value
    expect(before).toBeTruthy()
    expect(before).not.toBe(NEW_EMAIL)

    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open('/admin/settings', 'Site Settings')
    const email = page.getByLabel('Email', { exact: true })
    await expect(email.inputValue()).resolves.toBe(before)
    await email.fill(NEW_EMAIL)
    await page.getByRole('button', { name: 'Save All Settings' }).click()
    await admin.expectToast('All settings updated successfully')

    const showsNewEmail = async (shown: Page) => (await shown.locator(`a[href="mailto:${NEW_EMAIL}"]`).count()) > 0
    await visit(page, siteUrl, '/contact', showsNewEmail)
    const main = page.getByRole('main')
    await expect(main.locator(`a[href="mailto:${NEW_EMAIL}"]`).textContent()).resolves.toBe(NEW_EMAIL)
    const footer = page.getByRole('contentinfo')
    await expect(footer.locator(`a[href="mailto:${NEW_EMAIL}"]`).textContent()).resolves.toBe(NEW_EMAIL)
    await expect(page.locator(`a[href="mailto:${before}"]`).count()).resolves.toBe(0)

    // The footer is the site's, not the contact page's: another page shows it too.
    await visit(page, siteUrl, '/about', showsNewEmail)
    await expect(page.getByRole('contentinfo').locator(`a[href="mailto:${NEW_EMAIL}"]`).count()).resolves.toBe(1)
  })
})
