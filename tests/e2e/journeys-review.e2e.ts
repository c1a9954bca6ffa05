// Journey: with "Publishing needs approval" on, an editor asks for a review of a draft post from the
// post's settings, a compliance reviewer approves it from the Reviews queue, the post goes live for
// visitors, and the post's settings and the editor's list say who approved it. axe on the Reviews
// queue with an item waiting.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { test } from './support/fixtures.ts'
import { AdminPage, visit } from './support/pages/admin.ts'
import { AdminBlogPage } from './support/pages/admin-blog.ts'
import { AdminLoginPage } from './support/pages/admin-login.ts'
import { settle } from './support/settle.ts'
import { createStaffAccount, deleteRows, insertRow, updateRows } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const stamp = Date.now()
const SLUG = `review-journey-${stamp}`
const TITLE = `Review journey ${stamp}`
const PASSWORD = 'review-journey-password-1'
const EDITOR = `review-editor-${stamp}@example.com`
const REVIEWER = `review-compliance-${stamp}@example.com`

async function signIn(page: Page, email: string): Promise<void> {
  const login = new AdminLoginPage(page, siteUrl)
  await login.open()
  await login.signIn(email, PASSWORD)
  await page.getByText(/^Welcome back, /).waitFor()
}

beforeAll(async () => {
  await updateRows('site_settings', 'key=eq.content_requires_approval', { value: 'true' })
  await createStaffAccount(EDITOR, PASSWORD, 'editor', 'Ed Author')
  await createStaffAccount(REVIEWER, PASSWORD, 'compliance', 'Cara Reviewer')
  await insertRow('blog_posts', {
    slug: SLUG,
    title: TITLE,
    excerpt: 'Savings rates, reviewed before they go live.',
    content: '<p>Our savings account pays a variable rate.</p>',
    category: 'Journeys',
    featured_image: '/images/blog/credit-scoring-with-thin-files.svg',
    author_name: 'Ed Author',
    published: false,
  })
})

afterAll(async () => {
  // The other journeys publish without approval.
  await updateRows('site_settings', 'key=eq.content_requires_approval', { value: 'false' })
  await deleteRows('blog_posts', `slug=eq.${SLUG}`)
})

describe('compliance sign-off', () => {
  test(
    'an editor asks for review, a reviewer approves from the queue, the post goes live, the author sees who approved',
    { timeout: 240_000 },
    async ({ page, browser }) => {
      await signIn(page, EDITOR)
      const editor = new AdminPage(page, siteUrl)
      await editor.open(`/admin/blog?q=${encodeURIComponent(TITLE)}`, 'Blog Management')
      const blog = new AdminBlogPage(page)
      await blog.openPost(TITLE)
      const review = (await blog.settings()).getByRole('region', { name: 'Review' })
      await review.getByRole('button', { name: 'Request review' }).click()
      await editor.expectToast('Review requested: reviewers have been e-mailed')
      await review.getByText('Waiting for approval').waitFor()
      await expect(review.getByRole('button', { name: 'Request review' }).count()).resolves.toBe(0)
      await blog.closeSettings()

      const reviewerPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
      await signIn(reviewerPage, REVIEWER)
      const reviewer = new AdminPage(reviewerPage, siteUrl)
      await reviewerPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reviews' }).click()
      await reviewerPage.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor()
      const item = reviewerPage.getByRole('listitem').filter({ has: reviewerPage.getByRole('heading', { name: TITLE }) })
      await item.getByText('Asked by Ed Author').waitFor()
      await expect(item.getByRole('region', { name: 'content' }).textContent()).resolves.toContain('Our savings account pays a variable rate.')
      await settle(reviewerPage)
      await expectNoViolations(reviewerPage, 'the Reviews queue with an item waiting')

      await item.getByRole('button', { name: `Approve ${TITLE}` }).click()
      await reviewer.expectToast('Approved: the approved version is now published')
      await reviewerPage.getByText('Nothing waits for review').waitFor()
      await reviewerPage.context().close()

      const visitor = await (await browser.newContext()).newPage()
      const heading = visitor.getByRole('heading', { level: 1 })
      await visit(visitor, siteUrl, `/resources/blog/${SLUG}`, async () => (await heading.textContent()) === TITLE)
      await expect(heading.textContent()).resolves.toBe(TITLE)
      await visitor.context().close()

      await editor.open(`/admin/blog?q=${encodeURIComponent(TITLE)}`, 'Blog Management')
      await page.getByText(/^Approved by Cara Reviewer on /).waitFor()
      await blog.openPost(TITLE)
      await (
        await blog.settings()
      )
        .getByRole('region', { name: 'Review' })
        .getByText(/^Approved by Cara Reviewer on /)
        .waitFor()
    },
  )
})
