// Journey: writing a post on its own page, as a marketing editor on a laptop does. A new post at
// /admin/blog/new; its featured image chosen from the media library, uploaded there; a body longer
// than the screen, whose last word is made bold from the toolbar, which stayed in view while the text
// scrolled; Tab runs title, body, then the settings; the post's address reloads to the same draft;
// published, the public page shows the chosen image. axe on the page at 1280 and 390 px, with the
// settings sheet open on the phone; screenshots of both widths in test-results/. The browser's Back
// returns to the list as it was left.
import sharp from 'sharp'
import { afterAll, describe, expect } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { LAPTOP, PHONE, test } from './support/fixtures.ts'
import { AdminPage, visit } from './support/pages/admin.ts'
import { AdminBlogPage } from './support/pages/admin-blog.ts'
import { settle } from './support/settle.ts'
import { deleteRows, deleteStoredFile, selectRows } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const RUN = Date.now()
const TITLE = `Reconciling Nostro Accounts Daily ${RUN}`
const LAST_WORD = `closing${RUN}`
// Enough paragraphs to run well past a laptop's screen.
const BODY = [
  ...Array.from(
    { length: 14 },
    (_, i) =>
      `<p>Paragraph ${i + 1}: every correspondent account is matched against its statement before the day closes, so breaks are found while they are small.</p>`,
  ),
  `<p>The last word is ${LAST_WORD}</p>`,
].join('')

let uploadedPath = ''

afterAll(async () => {
  await deleteRows('blog_posts', `title=eq.${encodeURIComponent(TITLE)}`)
  if (uploadedPath) await deleteStoredFile('media', uploadedPath)
})

/** A 1200×630 picture in the brand's blue, as a featured image is cut. */
function coverImage(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 630, channels: 3, background: '#2d317b' } })
    .png()
    .toBuffer()
}

describe('a post on its own page', () => {
  test('created at /admin/blog/new, its image from the library, its body bolded at the end, reloaded, published', { timeout: 300_000 }, async ({ page }) => {
    await page.setViewportSize(LAPTOP)
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open('/admin/blog', 'Blog Management')
    const blog = new AdminBlogPage(page)
    await blog.startPost()
    expect(new URL(page.url()).pathname).toBe('/admin/blog/new')
    const editor = blog.editor()
    const settings = await blog.settings()

    // The featured image: the media library's picker, uploading one there.
    await settings.getByRole('group', { name: 'Featured image' }).getByRole('button', { name: 'Choose image' }).click()
    const picker = page.getByRole('dialog', { name: 'Choose the featured image' })
    await picker
      .getByRole('list', { name: 'Media library' })
      .or(picker.getByText(/^No images in the library/))
      .waitFor()
    await expectNoViolations(page, 'the media library picker', { include: ['[role="dialog"]'] })
    const chooser = page.waitForEvent('filechooser')
    await picker.getByRole('button', { name: 'Upload an image' }).click()
    await (await chooser).setFiles({ name: 'nostro-cover.png', mimeType: 'image/png', buffer: await coverImage() })
    await admin.expectToast('Image uploaded successfully')
    await picker.waitFor({ state: 'detached' })
    const thumbnail = settings.getByRole('group', { name: 'Featured image' }).locator('img')
    const src = (await thumbnail.getAttribute('src')) ?? ''
    expect(src).toMatch(/\/storage\/v1\/object\/public\/media\/blog\/[^/]+-nostro-cover\.png$/)
    uploadedPath = decodeURIComponent(new URL(src).pathname.replace('/storage/v1/object/public/media/', ''))

    await settings.getByLabel('Category').fill('Operations')
    await settings.getByLabel('Author Name').fill('Ada Obi')
    await settings.getByLabel('Excerpt').fill('Why a daily match of correspondent accounts beats a month-end scramble.')
    await settings.getByLabel('Published').setChecked(false)

    // Tab runs title, body, then the settings.
    const title = editor.getByLabel('Title', { exact: true })
    await title.fill(TITLE)
    const area = editor.getByRole('textbox', { name: 'Content' })
    const order: string[] = []
    await title.focus()
    for (let press = 0; press < 40 && order.at(-1) !== 'settings'; press++) {
      await page.keyboard.press('Tab')
      order.push(
        await page.evaluate(() => {
          const focused = document.activeElement
          if (focused?.closest('[role="textbox"][aria-label="Content"]')) return 'body'
          if (focused?.closest('section[aria-labelledby]')?.querySelector('h2')?.textContent === 'Post settings') return 'settings'
          return 'other'
        }),
      )
    }
    expect(order.indexOf('body')).toBeGreaterThan(-1)
    expect(order.indexOf('body')).toBeLessThan(order.indexOf('settings'))

    // A body longer than the screen, written in the HTML tab and shown in the Visual one.
    await blog.htmlTab()
    await blog.content().fill(BODY)
    await editor.getByRole('tab', { name: 'Visual' }).click()
    await expect(area.evaluate((element) => element.getBoundingClientRect().height)).resolves.toBeGreaterThan(LAPTOP.height)

    // At the end of the text the toolbar is still in view, under the header, and makes the last word bold.
    const lastWord = area.getByText(`The last word is ${LAST_WORD}`)
    await lastWord.scrollIntoViewIfNeeded()
    await lastWord.click()
    await page.keyboard.press('End')
    await page.keyboard.press('Control+Shift+ArrowLeft')
    const toolbar = editor.getByRole('toolbar', { name: 'Formatting' })
    const box = await toolbar.boundingBox()
    expect(box).not.toBeNull()
    expect(box!.y).toBeGreaterThanOrEqual(56)
    expect(box!.y + box!.height).toBeLessThan(LAPTOP.height / 2)
    // The text's top has scrolled away above the screen: the toolbar is where it is because it stays in view.
    await expect(area.evaluate((element) => element.getBoundingClientRect().top)).resolves.toBeLessThan(0)
    await page.screenshot({ path: 'test-results/post-page-1280-toolbar-in-view.png' })
    await toolbar.getByRole('button', { name: 'Bold' }).click()
    await expect(area.locator('strong').last().textContent()).resolves.toBe(LAST_WORD)
    await editor.getByText(/^\d+ words · \d+ min read$/).waitFor()

    await blog.create()
    const postPath = new URL(page.url()).pathname
    expect(postPath).toMatch(/^\/admin\/blog\/[0-9a-f-]{36}$/)
    const [row] = await selectRows<{ published: boolean; featured_image: string; content: string }>(
      'blog_posts',
      `select=published,featured_image,content&title=eq.${encodeURIComponent(TITLE)}`,
    )
    expect(row).toMatchObject({ published: false, featured_image: src })
    expect(row.content).toContain(`<strong>${LAST_WORD}</strong>`)

    // The post's address reloads to the same draft.
    await page.reload()
    await blog.editor().getByLabel('Title', { exact: true }).waitFor()
    await expect(blog.editor().getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(TITLE)
    await expect((await blog.settings()).getByRole('group', { name: 'Featured image' }).locator('img').getAttribute('src')).resolves.toBe(src)
    await expect(area.locator('strong').last().textContent()).resolves.toBe(LAST_WORD)
    await settle(page)
    await page.screenshot({ path: 'test-results/post-page-1280.png' })
    await expectNoViolations(page, `${postPath} at 1280 px`)

    // Published: the public page shows the chosen image.
    await (await blog.settings()).getByLabel('Published').setChecked(true)
    await blog.update()
    const [live] = await selectRows<{ slug: string; published: boolean }>('blog_posts', `select=slug,published&title=eq.${encodeURIComponent(TITLE)}`)
    expect(live.published).toBe(true)
    const heading = page.getByRole('heading', { level: 1 })
    await visit(page, siteUrl, `/resources/blog/${live.slug}`, async () => (await heading.textContent()) === TITLE)
    await expect(heading.textContent()).resolves.toBe(TITLE)
    const objectName = uploadedPath.split('/').at(-1) ?? ''
    const shown = page.locator(`main img[src*="${objectName}"], main img[srcset*="${objectName}"]`)
    await expect(shown.count()).resolves.toBeGreaterThan(0)
    await shown.first().evaluate((img: HTMLImageElement) => img.decode())
    await expect(shown.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBeGreaterThan(0)

    // On a phone: the page, then its settings in a sheet; axe on both.
    await page.setViewportSize(PHONE)
    await admin.open(postPath, 'Edit Blog Post')
    await settle(page)
    await page.screenshot({ path: 'test-results/post-page-390.png' })
    await expectNoViolations(page, `${postPath} at 390 px`)
    const sheet = await blog.settings()
    await settle(page)
    await page.screenshot({ path: 'test-results/post-page-390-settings.png' })
    await expectNoViolations(page, `${postPath} at 390 px, settings sheet open`)
    await expect(sheet.getByLabel('Published').isChecked()).resolves.toBe(true)
  })

  test('the browser’s Back returns from a post’s page to the list, its search and filters kept', async ({ page }) => {
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open(`/admin/blog?category=${encodeURIComponent('AI & Automation')}&q=KYC`, 'Blog Management')
    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .click()
    await new AdminBlogPage(page).editor().waitFor()
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: 'Blog Management' }).waitFor()
    const params = new URL(page.url()).searchParams
    expect([params.get('category'), params.get('q')]).toEqual(['AI & Automation', 'KYC'])
    await expect(page.getByRole('searchbox').inputValue()).resolves.toBe('KYC')
    await expect(page.getByLabel('Category').inputValue()).resolves.toBe('AI & Automation')
  })

  test(
    'axe finds nothing on a new post’s page at 390 and 1280 px, nor in the settings sheet, which a refused save opens on a phone',
    { timeout: 120_000 },
    async ({ page }) => {
      const admin = new AdminPage(page, siteUrl)
      await admin.signIn()
      const blog = new AdminBlogPage(page)
      for (const viewport of [PHONE, LAPTOP]) {
        await page.setViewportSize(viewport)
        await admin.open('/admin/blog/new', 'Create New Blog Post')
        await expectNoViolations(page, `/admin/blog/new at ${viewport.width} px`)
        await blog.settings()
        await settle(page)
        await expectNoViolations(page, `/admin/blog/new at ${viewport.width} px, settings open`)
      }

      // On a phone, a save whose settings break their rules opens the sheet on their messages.
      await page.setViewportSize(PHONE)
      await admin.open('/admin/blog/new', 'Create New Blog Post')
      await blog.editor().getByRole('button', { name: 'Create Post' }).click()
      const sheet = page.getByRole('dialog', { name: 'Post settings' })
      await sheet.getByText('Category is required').waitFor()
      await expect(sheet.getByText('Featured image is required').isVisible()).resolves.toBe(true)
      await expectNoViolations(page, '/admin/blog/new at 390 px, settings with their errors')
    },
  )
})
