// Journey: with "Publishing needs approval" on, an editor builds a release (new hero copy, a new
// testimonial, a draft post) scheduled for tomorrow and previews the whole site as it will look, a
// compliance reviewer approves it from the Reviews queue, it goes live at its minute (the test clock
// moved there), and the editor rolls it back. axe on /admin/releases with a release and its items.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { advanceBackendClock } from '../helpers/test-clock.ts'
import { expectNoViolations } from './support/axe.ts'
import { test } from './support/fixtures.ts'
import { AdminPage } from './support/pages/admin.ts'
import { AdminLoginPage } from './support/pages/admin-login.ts'
import { settle } from './support/settle.ts'
import { createStaffAccount, deleteRows, insertRow, selectRows, updateRows } from './support/staff-data.ts'
import { productBackend, siteUrl } from './support/product.ts'

const stamp = Date.now()
const RELEASE = `Spring launch ${stamp}`
const HERO = `Open an account in five minutes ${stamp}`
const QUOTE_BY = `Release Client ${stamp}`
const POST_SLUG = `release-journey-${stamp}`
const POST_TITLE = `Launch day ${stamp}`
const PASSWORD = 'release-journey-password-1'
const EDITOR = `release-editor-${stamp}@example.com`
const REVIEWER = `release-compliance-${stamp}@example.com`
const DAY_MS = 24 * 3600 * 1000

let heroBefore = ''

async function signIn(page: Page, email: string): Promise<void> {
  const login = new AdminLoginPage(page, siteUrl)
  await login.open()
  await login.signIn(email, PASSWORD)
  await page.getByText(/^Welcome back, /).waitFor()
}

/** The local time in the company's zone (Africa/Lagos, UTC+1) as a datetime-local input takes it. */
function lagosInput(at: number): string {
  return new Date(at + 3600 * 1000).toISOString().slice(0, 16)
}

/** Reads a public page until it says (or no longer says) `text`: the page cache keeps a render for a second. */
async function expectPage(page: Page, path: string, text: string, shown: boolean): Promise<void> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const response = await page.goto(new URL(path, siteUrl).href)
    const body = response?.ok() ? await page.content() : ''
    if (body.includes(text) === shown) return
    if (Date.now() > deadline) throw new Error(`${path} ${shown ? 'never showed' : 'still shows'} "${text}"`)
    await page.waitForTimeout(500)
  }
}

/** Whether a visitor reads the post: its page, or the blog it sends them to when there is none. */
async function postIsLive(page: Page): Promise<boolean> {
  await page.goto(new URL(`/resources/blog/${POST_SLUG}`, siteUrl).href)
  return new URL(page.url()).pathname === `/resources/blog/${POST_SLUG}`
}

beforeAll(async () => {
  await updateRows('site_settings', 'key=eq.content_requires_approval', { value: 'true' })
  await createStaffAccount(EDITOR, PASSWORD, 'editor', 'Ed Releaser')
  await createStaffAccount(REVIEWER, PASSWORD, 'compliance', 'Cara Releases')
  await insertRow('blog_posts', {
    slug: POST_SLUG,
    title: POST_TITLE,
    excerpt: 'The spring launch, announced with its release.',
    content: '<p>Everything goes live together.</p>',
    category: 'Journeys',
    featured_image: '/images/blog/credit-scoring-with-thin-files.svg',
    author_name: 'Ed Releaser',
    published: false,
  })
  const [hero] = await selectRows<{ content: { title: string } }>('website_content', 'select=content&section=eq.hero&key=eq.main')
  heroBefore = hero.content.title
})

afterAll(async () => {
  // The other journeys publish without approval.
  await updateRows('site_settings', 'key=eq.content_requires_approval', { value: 'false' })
  await deleteRows('blog_posts', `slug=eq.${POST_SLUG}`)
  await deleteRows('testimonials', `name=eq.${encodeURIComponent(QUOTE_BY)}`)
})

describe('releases', () => {
  test(
    'an editor builds a release, a reviewer approves it, it goes live at its minute, and it is rolled back',
    { timeout: 300_000 },
    async ({ page, browser }) => {
      const now = await advanceBackendClock(productBackend().url, productBackend().serviceRoleKey, 0)
      const goesLive = now + DAY_MS
      await signIn(page, EDITOR)
      const editor = new AdminPage(page, siteUrl)

      // The release, scheduled for tomorrow.
      await editor.open('/admin/releases', 'Releases')
      await page.getByLabel('Release name').fill(RELEASE)
      await page.getByLabel('Goes live at').fill(lagosInput(goesLive))
      await page.getByRole('button', { name: 'Create Release' }).click()
      await editor.expectToast('Release created')
      await page.getByRole('heading', { name: RELEASE }).waitFor()

      // The hero's new title, saved for review and added to the release.
      await editor.open('/admin/content', 'Website Content')
      const hero = page.getByRole('form', { name: 'Hero Section' })
      await hero.getByLabel('Title', { exact: true }).fill(HERO)
      await hero.getByRole('button', { name: 'Save Changes' }).click()
      await editor.expectToast('Saved: request a review to publish it')
      await hero.getByLabel('Add Hero Section to release').selectOption({ label: RELEASE })
      await editor.expectToast('Added to the release')

      // A new testimonial: saved hidden, then added.
      await editor.open('/admin/testimonials', 'Testimonials')
      await page.getByRole('button', { name: 'Add Testimonial' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Quote', { exact: true }).fill('They opened our accounts in a day.')
      await dialog.getByLabel('Name', { exact: true }).fill(QUOTE_BY)
      await dialog.getByLabel('Title', { exact: true }).fill('COO, Release Bank')
      await dialog.getByLabel('Avatar URL').fill('/images/hero.svg')
      await dialog.getByRole('button', { name: 'Create Testimonial' }).click()
      await editor.expectToast('Saved: request a review to publish it')
      await page.getByLabel(`Add ${QUOTE_BY} to release`).selectOption({ label: RELEASE })
      await editor.expectToast('Added to the release')

      // The draft post.
      await editor.open(`/admin/blog?q=${encodeURIComponent(POST_TITLE)}`, 'Blog Management')
      await page.getByLabel(`Add ${POST_TITLE} to release`).selectOption({ label: RELEASE })
      await editor.expectToast('Added to the release')

      // The release holds all three, with their changes against the live site; it is sent for review.
      await editor.open('/admin/releases', 'Releases')
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: RELEASE }) })
      const items = card.getByRole('list', { name: `Items of ${RELEASE}` })
      await items.getByRole('link', { name: POST_TITLE }).waitFor()
      await items.getByRole('link', { name: QUOTE_BY }).waitFor()
      await items.getByRole('link', { name: 'hero / main' }).waitFor()
      await expectNoViolations(page, '/admin/releases with a release and its items')
      // The whole site as the release will make it, for whoever holds the link.
      await card.getByRole('button', { name: `Preview ${RELEASE}` }).click()
      const previewHref = await card.getByRole('link', { name: `Open the preview of ${RELEASE}` }).getAttribute('href')
      const previewer = await (await browser.newContext()).newPage()
      await expectPage(previewer, previewHref ?? '', HERO, true)
      await expectPage(previewer, `${previewHref}/clients`, QUOTE_BY, true)
      await previewer.context().close()
      await card.getByRole('button', { name: `Request review of ${RELEASE}` }).click()
      await editor.expectToast('Review requested: reviewers have been e-mailed')
      await card.getByText('Waiting for approval').waitFor()

      // The reviewer approves the release as a whole.
      const reviewerPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
      await signIn(reviewerPage, REVIEWER)
      const reviewer = new AdminPage(reviewerPage, siteUrl)
      await reviewer.open('/admin/reviews', 'Reviews')
      const item = reviewerPage.getByRole('listitem').filter({ has: reviewerPage.getByRole('heading', { name: RELEASE }) })
      await item.getByText(`Testimonial: ${QUOTE_BY}, against the live version`).waitFor()
      await settle(reviewerPage)
      await expectNoViolations(reviewerPage, 'the Reviews queue with a release waiting')
      await item.getByRole('button', { name: `Approve ${RELEASE}` }).click()
      await reviewer.expectToast('Approved: the release goes live when it is published, or at its time')
      await reviewerPage.context().close()

      // Nothing is live before its minute.
      const visitor = await (await browser.newContext()).newPage()
      await expectPage(visitor, '/', heroBefore, true)
      await expectPage(visitor, '/clients', QUOTE_BY, false)
      expect(await postIsLive(visitor)).toBe(false)

      // Its minute comes: everything at once.
      await advanceBackendClock(productBackend().url, productBackend().serviceRoleKey, goesLive - now + 60_000)
      await expectPage(visitor, '/', HERO, true)
      await expectPage(visitor, '/clients', QUOTE_BY, true)
      expect(await postIsLive(visitor)).toBe(true)

      await editor.open('/admin/releases', 'Releases')
      await card.getByText('Published', { exact: true }).waitFor()
      await card.getByRole('button', { name: `Roll back ${RELEASE}` }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Roll back' }).click()
      await editor.expectToast('Release rolled back: every item is as it was before')

      // Visitors read exactly what was live before the release.
      await expectPage(visitor, '/', heroBefore, true)
      await expectPage(visitor, '/', HERO, false)
      await expectPage(visitor, '/clients', QUOTE_BY, false)
      expect(await postIsLive(visitor)).toBe(false)
      await visitor.context().close()
    },
  )
})
