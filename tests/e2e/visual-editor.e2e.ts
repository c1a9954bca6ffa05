// A post written in the Content field's Visual tab the way staff write in a word processor: a
// heading and a list from Markdown shortcuts, bold from Ctrl+B, a link from Ctrl+K, an image picked
// from the media library with its alt text, a pasted image uploaded. The HTML tab shows the same
// value both ways, the saved post's public page shows the same content, and axe finds nothing in
// the editor on a phone or a laptop.
import type { Locator } from 'playwright-core'
import type { EditorState } from '@tiptap/pm/state'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { LAPTOP, PHONE, test } from './support/fixtures.ts'
import { AdminPage } from './support/pages/admin.ts'
import { AdminBlogPage } from './support/pages/admin-blog.ts'
import { AdminMediaPage } from './support/pages/admin-media.ts'
import { settle } from './support/settle.ts'
import { deleteRows, deleteStoredFile, selectRows } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const STAMP = Date.now()
const FOLDER = `visual-${STAMP}`
const TITLE = `Written Visually ${STAMP}`
let png: Buffer
let slug = ''

interface EditorSelection {
  text: string
  atEndOfBlock: boolean
}

/**
 * Waits until the editor itself (not only the page) holds a selection that passes `holds`. Chrome
 * tells the editor that a key moved the selection a moment after the key, so a key pressed at once
 * after it would act on the selection before.
 */
async function editorSelection(content: Locator, holds: (selection: EditorSelection) => boolean): Promise<void> {
  await expect
    .poll(() =>
      content.evaluate((element) => {
        const { state } = (element as HTMLElement & { editor: { state: EditorState } }).editor
        const { from, to, empty, $from } = state.selection
        return { text: state.doc.textBetween(from, to), atEndOfBlock: empty && $from.parentOffset === $from.parent.content.size }
      }),
    )
    .toSatisfy(holds)
}

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2d317b' } })
    .png()
    .toBuffer()
})

afterAll(async () => {
  if (slug) await deleteRows('blog_posts', `slug=eq.${slug}`)
  await deleteStoredFile('media', `${FOLDER}/closing-times.png`).catch(() => undefined)
})

describe('the visual editor', () => {
  test('staff write a post visually; it saves the HTML the public page shows', { timeout: 180_000 }, async ({ page }) => {
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open('/admin/media', 'Media')
    await new AdminMediaPage(page).upload(FOLDER, { name: 'closing-times.png', mimeType: 'image/png', buffer: png })
    await admin.expectToast('Image uploaded successfully')

    await admin.open('/admin/blog', 'Blog Management')
    const blog = new AdminBlogPage(page)
    await blog.startPost()
    const dialog = blog.editor()
    await dialog.getByLabel('Title', { exact: true }).fill(TITLE)
    const settings = await blog.settings()
    await settings.getByLabel('Category').fill('Operations')
    await settings.getByLabel('Author Name').fill('Ada Obi')
    await settings.getByLabel('Excerpt').fill('Why a daily close beats a monthly scramble.')
    await blog.closeSettings()
    await blog.setPublished(true)
    slug = await blog.slug()

    // The Visual tab is the default; its toolbar names every tool.
    await expect(dialog.getByRole('tab', { name: 'Visual' }).getAttribute('aria-selected')).resolves.toBe('true')
    const toolbar = dialog.getByRole('toolbar', { name: 'Formatting' })
    for (const name of ['Bold', 'Italic', 'Heading 2', 'Heading 3', 'Bulleted list', 'Numbered list', 'Quote', 'Link', 'Image', 'Table', 'Undo', 'Redo']) {
      await expect(toolbar.getByRole('button', { name, exact: true }).count(), name).resolves.toBe(1)
    }
    // One Tab stop; the arrow keys move along the toolbar.
    await toolbar.getByRole('button', { name: 'Bold' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Italic')
    await expect(toolbar.locator('button[tabindex="0"]').count()).resolves.toBe(1)

    const content = dialog.getByRole('textbox', { name: 'Content' })
    await expect(content.getAttribute('aria-multiline')).resolves.toBe('true')
    await content.click()
    await page.keyboard.type('## Why we close daily')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Every account ')
    await page.keyboard.press('Control+b')
    await page.keyboard.type('balances')
    await page.keyboard.press('Control+b')
    await page.keyboard.type(' by six.')
    await page.keyboard.press('Enter')
    await page.keyboard.type('- Faster audits')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Calmer month ends')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Read the guide')
    for (let i = 0; i < 'guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
    await editorSelection(content, (selected) => selected.text === 'guide')
    await page.keyboard.press('Control+k')
    const link = dialog.getByRole('group', { name: 'Link' })
    await link.getByLabel('Link address').fill('javascript:alert(1)')
    await page.keyboard.press('Enter')
    await link.getByText(/^Use a web address/).waitFor()
    await link.getByLabel('Link address').fill('/resources')
    await page.keyboard.press('Enter')
    await link.waitFor({ state: 'detached' })
    // The editor takes focus back (on the next frame), with the linked text still selected.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'textbox')
    await page.keyboard.press('End')
    await editorSelection(content, (selected) => selected.atEndOfBlock)
    await page.keyboard.press('Enter')

    // An image from the library: it cannot go in undescribed.
    await toolbar.getByRole('button', { name: 'Image' }).click()
    const picker = page.getByRole('dialog', { name: 'Insert an image' })
    await picker.getByLabel('Search the library').fill(FOLDER)
    await picker.getByRole('button', { name: `Choose ${FOLDER}/closing-times.png` }).click()
    const describing = page.getByRole('dialog', { name: 'Describe the image' })
    await describing.getByRole('button', { name: 'Insert image' }).click()
    await describing.getByText('Describe the image for people who cannot see it, or mark it decorative').waitFor()
    await describing.getByLabel('Alt text').fill('Closing times by month')
    await describing.getByRole('button', { name: 'Insert image' }).click()
    await describing.waitFor({ state: 'detached' })
    await content.locator('img[alt="Closing times by month"]').waitFor()

    // axe on the post's page, on a phone and on a laptop.
    for (const viewport of [PHONE, LAPTOP]) {
      await page.setViewportSize(viewport)
      await settle(page)
      await expectNoViolations(page, `post page, Visual tab, at ${viewport.width} px`)
    }

    // The HTML tab holds what was written; back and forth changes nothing.
    await blog.htmlTab()
    const html = await blog.content().inputValue()
    expect(html).toMatch(
      new RegExp(
        '^<h2>Why we close daily</h2><p>Every account <strong>balances</strong> by six\\.</p>' +
          '<ul><li><p>Faster audits</p></li><li><p>Calmer month ends</p></li></ul>' +
          '<p>Read the <a href="/resources">guide</a></p>' +
          `<img src="http[^"]+/storage/v1/object/public/media/${FOLDER}/closing-times\\.png" alt="Closing times by month" width="40" height="30">`,
      ),
    )
    await dialog.getByRole('tab', { name: 'Visual' }).click()
    await content.locator('h2').waitFor()
    await blog.htmlTab()
    await expect(blog.content().inputValue()).resolves.toBe(html)

    // A pasted image file goes to Storage through the upload route and is described before it goes
    // in: the content holds its URL, never a data: URL.
    await dialog.getByRole('tab', { name: 'Visual' }).click()
    await content.evaluate(
      (element, bytes) => {
        const data = new DataTransfer()
        data.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }))
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
      },
      [...png],
    )
    await admin.expectToast('Image uploaded successfully')
    const pasted = page.getByRole('dialog', { name: 'Describe the image' })
    await pasted.getByLabel('Decorative (screen readers skip it)').check()
    await pasted.getByRole('button', { name: 'Insert image' }).click()
    await pasted.waitFor({ state: 'detached' })
    await blog.htmlTab()
    const withPasted = await blog.content().inputValue()
    expect(withPasted).toMatch(/<img src="http[^"]+\/storage\/v1\/object\/public\/media\/blog\/[^"]+pasted\.png" alt="" width="40" height="30">/)
    expect(withPasted).not.toContain('data:')

    await blog.imageUrl('Featured image', /<img src="([^"]+)"/.exec(html)?.[1] ?? '')
    await blog.closeSettings()
    await blog.create()
    await admin.expectToast('Blog post created successfully')
    const [saved] = await selectRows<{ content: string }>('blog_posts', `select=content&slug=eq.${slug}`)
    expect(saved?.content.replace(/ (?:loading|decoding)="[a-z]+"/g, '')).toBe(withPasted)

    // The public page shows the same content.
    await page.goto(`${siteUrl}/resources/blog/${slug}`)
    await settle(page)
    const body = page.locator('main .prose-content')
    await expect(body.locator('h2').textContent()).resolves.toBe('Why we close daily')
    await expect(body.locator('strong').textContent()).resolves.toBe('balances')
    await expect(body.locator('ul > li').allTextContents()).resolves.toEqual(['Faster audits', 'Calmer month ends'])
    await expect(body.locator('a[href="/resources"]').textContent()).resolves.toBe('guide')
    const image = body.locator('img[alt="Closing times by month"]')
    await expect(image.getAttribute('width')).resolves.toBe('40')
    await expect(image.getAttribute('height')).resolves.toBe('30')
    await image.evaluate((img: HTMLImageElement) => img.decode())
    await expect(image.evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBe(40)
    await expect(body.locator('img[alt=""][src*="pasted"]').count()).resolves.toBe(1)
  })
})
