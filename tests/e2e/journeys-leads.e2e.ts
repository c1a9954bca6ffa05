// Journey: a visitor sends a message from /contact; staff find it in the Inbox and in the Inbox's
// CSV export, the file the browser downloads read back and parsed.
import { readFile } from 'node:fs/promises'
import Papa from 'papaparse'
import { afterAll, describe, expect } from 'vitest'
import { test } from './support/fixtures.ts'
import { AdminPage, visit } from './support/pages/admin.ts'
import { deleteRows } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const VISITOR = {
  firstName: 'Ngozi',
  lastName: 'Journey-Eze',
  email: 'ngozi.journey@example.com',
  // A comma, quotes and a line break: the CSV must quote them and still read back the same.
  message: 'Hello, we would like a "demo" of payroll.\nTuesday suits us.',
}

afterAll(async () => {
  await deleteRows('contact_messages', `email=eq.${VISITOR.email}`)
})

describe('contact message to the Inbox', () => {
  test('a message sent on /contact shows in the Inbox and in its CSV export', { timeout: 120_000 }, async ({ page }) => {
    await visit(page, siteUrl, '/contact')
    const form = page.getByRole('form', { name: 'Contact form' })
    await form.getByLabel('First Name').fill(VISITOR.firstName)
    await form.getByLabel('Last Name').fill(VISITOR.lastName)
    await form.getByLabel('Email', { exact: true }).fill(VISITOR.email)
    await form.getByLabel('Message').fill(VISITOR.message)
    await form.getByRole('button', { name: 'Send Message' }).click()
    await form.getByRole('status').filter({ hasText: "Thank you! We'll be in touch shortly." }).waitFor()

    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open('/admin/inbox', 'Inbox')
    const row = page.getByRole('main').getByRole('button', { name: new RegExp(`${VISITOR.firstName} ${VISITOR.lastName}`) })
    await expect(row.count()).resolves.toBe(1)
    await row.click()
    const dialog = page.getByRole('dialog', { name: `${VISITOR.firstName} ${VISITOR.lastName}` })
    await expect(dialog.getByText(VISITOR.email).isVisible()).resolves.toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
    expect(download.suggestedFilename()).toMatch(/^messages-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\ufeff/, '')
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true })
    expect(parsed.errors).toEqual([])
    const exported = parsed.data.filter((r) => r.Email === VISITOR.email)
    expect(exported).toHaveLength(1)
    expect(exported[0]).toMatchObject({
      'First name': VISITOR.firstName,
      'Last name': VISITOR.lastName,
      Message: VISITOR.message,
      Status: 'new',
    })
  })
})
