// Journeys of the post page's safety nets: the same post edited in two tabs (the second save meets
// the conflict screen; "Keep mine" and "See their version" both end in a save and lose nothing),
// an autosaved edit that survives a reload (even one typed just before it) while visitors still read
// the live post, and two posts published at once from the list. axe on the conflict screen and the
// bulk confirmation. On a phone, as the journeys run: the settings are in their sheet.
import type { Page } from 'playwright-core'
import { afterAll, describe, expect } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { test } from './support/fixtures.ts'
import { AdminPage, visit } from './support/pages/admin.ts'
import { AdminBlogPage } from './support/pages/admin-blog.ts'
import { deleteRows, insertRow, selectRows } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const RUN = Date.now()
const PREFIX = `autosave-journey-${RUN}`
// How long typing must pause before the editor saves the draft copy: the test moves the browser's
// clock by this much instead of waiting for it.
const AUTOSAVE_DELAY_MS = 3000

afterAll(async () => {
  await deleteRows('blog_posts', `slug=like.${PREFIX}*`)
})

interface Post {
  id: string
  title: string
  excerpt: string
  category: string
  published: boolean
}

async function arrangePost(suffix: string, title: string, published = true): Promise<Post> {
  return insertRow<Post>('blog_posts', {
    slug: `${PREFIX}-${suffix}`,
    title,
    excerpt: 'The excerpt as first written.',
    content: '<p>The first words.</p>',
    category: 'Journeys',
    featured_image: '/images/blog/credit-scoring-with-thin-files.svg',
    author_name: 'Journey Tester',
    published,
  })
}

async function stored(id: string): Promise<Post> {
  const [row] = await selectRows<Post>('blog_posts', `select=id,title,excerpt,category,published&id=eq.${id}`)
  return row
}

/** The post's page, opened from the list as staff do. */
async function openEditor(admin: AdminPage, title: string): Promise<AdminBlogPage> {
  await admin.open(`/admin/blog?q=${encodeURIComponent(title)}`, 'Blog Management')
  const blog = new AdminBlogPage(admin.page)
  await blog.openPost(title)
  return blog
}

/** Types into a field of the post's settings (the sheet on a phone), and closes them. */
async function setting(blog: AdminBlogPage, label: string, value: string): Promise<void> {
  await (await blog.settings()).getByLabel(label).fill(value)
  await blog.closeSettings()
}

async function settingValue(blog: AdminBlogPage, label: string): Promise<string> {
  const value = await (await blog.settings()).getByLabel(label).inputValue()
  await blog.closeSettings()
  return value
}

async function secondTab(page: Page): Promise<AdminPage> {
  // The same browser: the tabs share the session.
  return new AdminPage(await page.context().newPage(), siteUrl)
}

describe('the post editor', () => {
  test('two tabs: the second save meets the conflict screen; Keep mine and See their version both save', { timeout: 300_000 }, async ({ page, problems }) => {
    // The refused save is an HTTP error the screen answers.
    problems.allow(/publish_post_draft/)
    const title = `Two tabs ${RUN}`
    const post = await arrangePost('two-tabs', title)
    const one = new AdminPage(page, siteUrl)
    await one.signIn()
    const two = await secondTab(page)

    // Round 1: both open the post; the first saves a title, the second an excerpt and keeps theirs.
    let editorOne = await openEditor(one, title)
    let editorTwo = await openEditor(two, title)
    await editorOne.editor().getByLabel('Title', { exact: true }).fill(`${title}, tab one`)
    await editorOne.update()

    await setting(editorTwo, 'Excerpt', 'The excerpt from tab two.')
    await two.page.getByRole('button', { name: 'Update Post' }).click()
    const conflict = editorTwo.editor().getByRole('alert')
    await expect(conflict.textContent()).resolves.toMatch(
      // The company's time, with its zone named: "09:00 GMT+1" (with the date when it was not today).
      /admin@example\.com.* changed this at (\d{1,2} \w{3} \d{4}, )?\d\d:\d\d \S+, after you opened it\. Your changes are not saved yet\./,
    )
    await expectNoViolations(two.page, 'conflict screen', { include: ['form'] })
    await conflict.getByRole('button', { name: 'Keep mine' }).click()
    await two.expectToast('Blog post updated successfully')
    await expect(stored(post.id)).resolves.toMatchObject({ title, excerpt: 'The excerpt from tab two.' })

    // Round 2: both open it again; the first saves an excerpt, the second a category, then takes theirs.
    editorOne = await openEditor(one, title)
    editorTwo = await openEditor(two, title)
    await setting(editorOne, 'Excerpt', 'The excerpt from tab one.')
    await editorOne.update()

    await setting(editorTwo, 'Category', 'Tab two category')
    await two.page.getByRole('button', { name: 'Update Post' }).click()
    const conflictAgain = editorTwo.editor().getByRole('alert')
    await conflictAgain.getByRole('button', { name: 'See their version' }).click()
    await conflictAgain.getByText('Their version differs in:').waitFor()
    await expect(conflictAgain.textContent()).resolves.toContain('The excerpt from tab one.')
    await conflictAgain.getByRole('button', { name: 'Use their version' }).click()
    await expect(settingValue(editorTwo, 'Excerpt')).resolves.toBe('The excerpt from tab one.')
    // Their version is loaded, and one's own is a click away.
    await editorTwo.editor().getByRole('button', { name: 'Back to my version' }).waitFor()
    await editorTwo.update()
    await expect(stored(post.id)).resolves.toMatchObject({ title, excerpt: 'The excerpt from tab one.', category: 'Journeys' })
    await two.page.close()
  })

  test('an autosaved edit survives a reload; visitors read the live post until Update Post', { timeout: 240_000 }, async ({ page }) => {
    const title = `Autosave ${RUN}`
    const post = await arrangePost('reload', title)
    // The browser's clock runs on its own and jumps when the test moves it.
    await page.clock.install()
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    let blog = await openEditor(admin, title)
    const status = page.getByTestId('autosave-status')
    await setting(blog, 'Excerpt', 'Typed, then the tab was reloaded.')
    await status.getByText('Unsaved changes (kept in this browser)').waitFor()
    await page.clock.runFor(AUTOSAVE_DELAY_MS)
    // "Saved 12:04": the time of the save in the company's zone.
    await status.getByText(/^Saved \d\d:\d\d$/).waitFor({ timeout: 15_000 })

    // The page's own address reloads to the same edit.
    await page.reload()
    blog = new AdminBlogPage(page)
    await blog.editor().waitFor()
    await expect(settingValue(blog, 'Excerpt')).resolves.toBe('Typed, then the tab was reloaded.')
    await blog
      .editor()
      .getByText(/Visitors see the published post until you press Update Post/)
      .waitFor()
    await expect(stored(post.id)).resolves.toMatchObject({ excerpt: 'The excerpt as first written.' })

    // Typed and reloaded at once, before any autosave: the browser's copy comes back, and is saved.
    await setting(blog, 'Category', 'Typed just before leaving')
    await page.reload()
    blog = await openEditor(admin, title)
    await expect(settingValue(blog, 'Category')).resolves.toBe('Typed just before leaving')
    await expect(settingValue(blog, 'Excerpt')).resolves.toBe('Typed, then the tab was reloaded.')
    await page.clock.runFor(AUTOSAVE_DELAY_MS)
    await status.getByText(/^Saved \d\d:\d\d$/).waitFor({ timeout: 15_000 })

    await blog.update()
    await expect(stored(post.id)).resolves.toMatchObject({ excerpt: 'Typed, then the tab was reloaded.', category: 'Typed just before leaving' })
    await expect(selectRows('content_drafts', `select=id&kind=eq.post&id=eq.${post.id}`)).resolves.toEqual([])
  })

  test('two drafts published at once from the list, after one confirmation', { timeout: 240_000 }, async ({ page }) => {
    const title = `Bulk ${RUN}`
    const posts = [await arrangePost('bulk-1', `${title} one`, false), await arrangePost('bulk-2', `${title} two`, false)]
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open(`/admin/blog?q=${encodeURIComponent(title)}`, 'Blog Management')
    await page.getByLabel('Select all on this page').check()
    await page.getByText('2 posts selected').waitFor()
    await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Publish', exact: true }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.waitFor()
    await expectNoViolations(page, 'bulk confirmation', { include: ['[role="alertdialog"]'] })
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click()
    await admin.expectToast('2 blog posts published')
    for (const post of posts) await expect(stored(post.id)).resolves.toMatchObject({ published: true })
    await visit(page, siteUrl, `/resources/blog/${PREFIX}-bulk-1`)
  })
})
