// Journey: staff edit a post twice on its page, open its History there, compare the first edit with
// the current text and restore it, and the page shows the restored title; visitors then read it,
// and the Activity screen lists the restore under its filters, which survive a reload. Deleting the post and bringing it back from Recently
// deleted, where focus stays in the dialog after the restore, so Escape closes it. axe on the
// Activity screen, the History and the Recently deleted dialogs at 390 and 1280 px.
import { afterAll, describe, expect } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { test } from './support/fixtures.ts'
import { AdminPage, visit } from './support/pages/admin.ts'
import { AdminBlogPage } from './support/pages/admin-blog.ts'
import { VIEWPORTS } from './support/public-routes.ts'
import { deleteRows, insertRow } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const SLUG = `history-journey-${Date.now()}`
const TITLE = 'History journey'

afterAll(async () => {
  await deleteRows('blog_posts', `slug=eq.${SLUG}`)
})

describe('history', () => {
  test('edit twice, restore the first edit, see it on the site and in the Activity screen; delete and bring back', { timeout: 240_000 }, async ({ page }) => {
    await insertRow('blog_posts', {
      slug: SLUG,
      title: TITLE,
      excerpt: 'A post whose history is walked through.',
      content: '<p>The first words of the journey.</p>',
      category: 'Journeys',
      featured_image: '/images/blog/credit-scoring-with-thin-files.svg',
      author_name: 'Journey Tester',
      published: true,
    })
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open(`/admin/blog?q=${encodeURIComponent(TITLE)}`, 'Blog Management')

    const blog = new AdminBlogPage(page)
    await blog.openPost(TITLE)
    const title = blog.editor().getByLabel('Title', { exact: true })
    for (const edit of [`${TITLE}, first edit`, `${TITLE}, second edit`]) {
      await title.fill(edit)
      await blog.update()
    }

    await (await blog.settings()).getByRole('button', { name: 'History' }).click()
    const history = page.getByRole('dialog', { name: `History of ${TITLE}, second edit` })
    const versions = history.getByRole('list', { name: 'Versions' }).getByRole('listitem')
    await versions.first().waitFor()
    await expect(versions.first().textContent()).resolves.toMatch(/^Saved by admin@example\.com \(admin\) · current/)
    await versions.nth(1).getByRole('button', { name: 'Open' }).click()
    await expect(history.getByRole('region', { name: 'title' }).locator('del').textContent()).resolves.toBe('first')
    await expect(history.getByRole('region', { name: 'title' }).locator('ins').textContent()).resolves.toBe('second')
    await history.getByRole('button', { name: 'Restore this version' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click()
    await admin.expectToast('Version restored')
    // The page starts again from the restored post.
    await history.waitFor({ state: 'detached' })
    await expect(title.inputValue()).resolves.toBe(`${TITLE}, first edit`)

    const heading = page.getByRole('heading', { level: 1 })
    await visit(page, siteUrl, `/resources/blog/${SLUG}`, async () => (await heading.textContent()) === `${TITLE}, first edit`)
    await expect(heading.textContent()).resolves.toBe(`${TITLE}, first edit`)

    await admin.open('/admin/activity?area=content&action=restored', 'Activity')
    const rows = page.getByRole('list', { name: 'Activity' }).getByRole('listitem')
    await expect(rows.first().textContent()).resolves.toMatch(new RegExp(`^admin@example\\.com \\(admin\\) restored ${TITLE}, first edit · `))
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor()
    await expect(page.getByLabel('Area').inputValue()).resolves.toBe('content')
    await expect(page.getByLabel('Action').inputValue()).resolves.toBe('restored')
    await expect(rows.first().textContent()).resolves.toMatch(new RegExp(`restored ${TITLE}, first edit`))

    await admin.open(`/admin/blog?q=${encodeURIComponent(TITLE)}`, 'Blog Management')
    await page.getByRole('button', { name: `Delete ${TITLE}, first edit` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await admin.expectToast('Blog post deleted successfully')
    await page.getByRole('button', { name: 'Recently deleted' }).click()
    const deleted = page.getByRole('dialog', { name: 'Recently deleted' })
    await deleted.getByRole('button', { name: `Restore ${TITLE}, first edit` }).click()
    await admin.expectToast('Item restored')
    // The restored row is gone; once the list is read again focus is in the dialog, and Escape closes it.
    await deleted.locator(':focus').waitFor()
    await page.keyboard.press('Escape')
    await deleted.waitFor({ state: 'detached' })
    await page.getByRole('heading', { name: `${TITLE}, first edit` }).waitFor()
  })
})

describe.each(VIEWPORTS)('history screens at $width px ($name)', (viewport) => {
  test('the Activity screen and the History and Recently deleted dialogs have no WCAG 2.1 AA violations', { timeout: 120_000 }, async ({ page }) => {
    await page.setViewportSize(viewport)
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open('/admin/activity', 'Activity')
    await expectNoViolations(page, `/admin/activity at ${viewport.width} px`)

    await admin.open('/admin/solutions', 'Solutions')
    await page
      .getByRole('button', { name: /^History of / })
      .first()
      .click()
    const history = page.getByRole('dialog', { name: /^History of / })
    await history.getByRole('list', { name: 'Versions' }).waitFor()
    await expectNoViolations(page, `History dialog at ${viewport.width} px`)
    await history.getByRole('button', { name: 'Open' }).first().click()
    await history.getByRole('button', { name: 'Back to versions' }).waitFor()
    await expectNoViolations(page, `an opened version at ${viewport.width} px`)
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Recently deleted' }).click()
    await page.getByRole('dialog', { name: 'Recently deleted' }).waitFor()
    await expectNoViolations(page, `Recently deleted at ${viewport.width} px`)
  })
})
