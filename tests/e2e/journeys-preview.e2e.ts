// Journey: an editor shares a preview of a draft; a reader who is not signed in opens the link and
// sees the post under the "Preview: not published" banner; the editor revokes the link and the
// reader gets the expired page, all from the post's settings. Its search and social fields show their
// counters and the live search-result preview. axe on the post's page at 1280 px, its settings
// beside the text.
import { afterAll, describe, expect } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { LAPTOP, test } from './support/fixtures.ts'
import { AdminPage } from './support/pages/admin.ts'
import { AdminBlogPage } from './support/pages/admin-blog.ts'
import { settle } from './support/settle.ts'
import { deleteRows, insertRow } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const SLUG = `preview-journey-${Date.now()}`
const TITLE = 'Preview journey draft'

afterAll(async () => {
  await deleteRows('blog_posts', `slug=eq.${SLUG}`)
})

describe('preview links', () => {
  test('share a preview, read it signed out, revoke it, and the link has expired', { timeout: 240_000 }, async ({ page, browser }) => {
    await insertRow('blog_posts', {
      slug: SLUG,
      title: TITLE,
      excerpt: 'A draft shown to a reviewer before it goes live.',
      content: '<p>Words only the reviewer has seen so far.</p>',
      category: 'Journeys',
      featured_image: '/images/blog/credit-scoring-with-thin-files.svg',
      author_name: 'Journey Tester',
      published: false,
    })
    await page.setViewportSize(LAPTOP)
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open(`/admin/blog?q=${encodeURIComponent(TITLE)}`, 'Blog Management')
    const blog = new AdminBlogPage(page)
    await blog.openPost(TITLE)
    const editor = await blog.settings()

    // Search fields: the counter follows the typing and the search result shows the new title.
    await editor.getByLabel('SEO Title').fill('Reviewing drafts before they go live')
    await editor.getByText('36 of about 60 characters').waitFor()
    const snippet = editor.getByRole('region', { name: 'Search result preview' })
    await expect(snippet.textContent()).resolves.toContain('Reviewing drafts before they go live')
    await expect(snippet.textContent()).resolves.toContain('A draft shown to a reviewer before it goes live.')

    await editor.getByText('No active preview links').waitFor()
    await settle(page)
    await expectNoViolations(page, 'the post page with its search fields and preview links')

    await editor.getByRole('button', { name: 'Share preview' }).click()
    await admin.expectToast('Preview link created')
    const link = await editor.getByLabel('New preview link').inputValue()
    expect(link).toMatch(new RegExp(`^${siteUrl}/preview/[0-9a-f]{64}$`))
    await editor.getByRole('list', { name: 'Active preview links' }).getByRole('listitem').first().waitFor()

    // A reader with no session.
    const reader = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
    const opened = await reader.goto(link)
    expect(opened?.status()).toBe(200)
    expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow')
    await reader.getByText('Preview: not published').waitFor()
    await expect(reader.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(TITLE)
    await reader.getByText('Words only the reviewer has seen so far.').waitFor()
    await expect(reader.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex')

    await editor.getByRole('button', { name: /^Revoke the preview link made / }).click()
    await admin.expectToast('Preview link revoked')
    await editor.getByText('No active preview links').waitFor()

    const gone = await reader.goto(link)
    expect(gone?.status()).toBe(404)
    await expect(reader.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('This preview link has expired')
    await expect(reader.content()).resolves.not.toContain('Words only the reviewer has seen so far.')
    await reader.context().close()
  })
})
