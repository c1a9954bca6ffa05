// A Word document pasted into a job opening's Description on its page, as Chrome hands a copy from Word to the
// page: its HTML (images pointing at local files) with the pictures in its RTF. The bold, the
// nested list and the table's header row survive; both pictures are uploaded through the media
// upload route and described, one after the other; the saved HTML holds them, and the role's
// public page shows it all.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect } from 'vitest'
import { test } from './support/fixtures.ts'
import { AdminPage } from './support/pages/admin.ts'
import { closeSettings, openSettings } from './support/pages/editor-settings.ts'
import { settle } from './support/settle.ts'
import { deleteRows, deleteStoredFile, selectRows } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const TITLE = `Pasted From Word ${Date.now()}`
const fixture = (name: string) => readFile(path.join(process.cwd(), 'tests/fixtures/paste', name), 'utf8')

afterAll(async () => {
  const [job] = await selectRows<{ description: string }>('job_openings', `select=description&title=eq.${encodeURIComponent(TITLE)}`)
  for (const [, object] of job?.description.matchAll(/\/storage\/v1\/object\/public\/media\/([^"]+)"/g) ?? []) {
    await deleteStoredFile('media', decodeURIComponent(object!)).catch(() => undefined)
  }
  await deleteRows('job_openings', `title=eq.${encodeURIComponent(TITLE)}`)
})

describe('pasting a Word document', () => {
  test('keeps its bold, nested list, header row and pictures, in the saved HTML and on the public page', { timeout: 180_000 }, async ({ page }) => {
    const [html, rtf] = await Promise.all([fixture('word-document.html'), fixture('word-document.rtf')])
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open('/admin/jobs', 'Job Openings')
    await page.getByRole('link', { name: 'Add Job Opening' }).click()
    const editor = page.getByRole('form', { name: 'Add New Job Opening' })
    await editor.getByLabel('Job Title').fill(TITLE)
    const settings = await openSettings(page, editor, 'Job settings')
    await settings.getByLabel('Location', { exact: true }).fill('Lagos (Hybrid)')
    await settings.getByLabel('Country code').fill('NG')
    await settings.getByLabel('Department').fill('Finance')
    await closeSettings(page, 'Job settings')

    const description = editor.getByRole('textbox', { name: 'Description' })
    await description.click()
    await description.evaluate(
      (element, copy) => {
        const data = new DataTransfer()
        data.setData('text/html', copy.html)
        data.setData('text/rtf', copy.rtf)
        data.setData('text/plain', 'Treasury Analyst')
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
      },
      { html, rtf },
    )

    // Both pictures are uploaded, then described in turn; the first comes with Word's alt text.
    const first = page.getByRole('dialog', { name: 'Describe the image' })
    await first.getByText('1 more pasted image after this one').waitFor()
    await expect(first.getByLabel('Alt text').inputValue()).resolves.toBe('Cash position by week')
    await first.getByRole('button', { name: 'Insert image' }).click()
    const second = page.getByRole('dialog', { name: 'Describe the image' })
    await second.getByText('1 more pasted image after this one').waitFor({ state: 'detached' })
    await expect(second.getByLabel('Alt text').inputValue()).resolves.toBe('')
    await second.getByLabel('Decorative (screen readers skip it)').check()
    await second.getByRole('button', { name: 'Insert image' }).click()
    await second.waitFor({ state: 'detached' })
    await description.locator('img').nth(1).waitFor()

    await editor.getByRole('tab', { name: 'HTML' }).click()
    const pasted = await editor.getByLabel('Description').inputValue()
    const media = `http[^"]+/storage/v1/object/public/media/jobs/[^"]+`
    expect(pasted).toMatch(
      new RegExp(
        '^<h2>Treasury Analyst</h2><p>You will own our <strong>daily cash position</strong> and the forecasts behind it\\.</p>' +
          '<ul><li><p>Forecast cash</p><ul><li><p>Daily, by currency</p></li><li><p>Weekly, by entity</p></li></ul></li><li><p>Run the <strong>payment approvals</strong></p></li></ul>' +
          '<table><thead><tr><th><p><strong>Currency</strong></p></th><th><p><strong>Cut-off</strong></p></th></tr></thead>' +
          '<tbody><tr><td><p>GBP</p></td><td><p>15:30</p></td></tr><tr><td><p>EUR</p></td><td><p>14:00</p></td></tr></tbody></table>' +
          `<img src="${media}pasted-image-1\\.png" alt="Cash position by week" width="48" height="32">` +
          '<p>The team sits together on Thursdays\\.</p>' +
          `<img src="${media}pasted-image-2\\.jpg" alt="" width="40" height="30">$`,
      ),
    )
    expect(pasted).not.toMatch(/file:|data:|mso-|<o:p|<w:|style=|class=/)

    await editor.getByRole('button', { name: 'Create Job Opening' }).click()
    await admin.expectToast('Job opening created successfully')
    await page.getByRole('form', { name: 'Edit Job Opening' }).waitFor()
    const [saved] = await selectRows<{ slug: string; description: string }>('job_openings', `select=slug,description&title=eq.${encodeURIComponent(TITLE)}`)
    expect(saved?.description.replace(/ (?:loading|decoding)="[a-z]+"/g, '')).toBe(pasted)

    // The public page shows the same document, with both pictures loaded from Storage.
    await page.goto(`${siteUrl}/careers/${saved!.slug}`)
    await settle(page)
    const body = page.locator('main .prose-content').first()
    await expect(body.locator('strong').allTextContents()).resolves.toEqual(expect.arrayContaining(['daily cash position', 'payment approvals']))
    await expect(body.locator('ul > li > ul > li').allTextContents()).resolves.toEqual(['Daily, by currency', 'Weekly, by entity'])
    await expect(body.locator('table thead th').allTextContents()).resolves.toEqual(['Currency', 'Cut-off'])
    await expect(body.locator('table tbody tr').count()).resolves.toBe(2)
    const chart = body.locator('img[alt="Cash position by week"]')
    await chart.evaluate((img: HTMLImageElement) => img.decode())
    await expect(chart.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).resolves.toEqual([48, 32])
    const team = body.locator('img[alt=""]')
    await team.evaluate((img: HTMLImageElement) => img.decode())
    await expect(team.evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBe(40)
  })
})
