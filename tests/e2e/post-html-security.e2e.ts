// Hostile post HTML runs nothing in a visitor's browser: proved first on the sanitizer's output as
// Chromium renders it (and on the raw payload, which must run, or the check proves nothing), then
// on the public post page once the site serves it.
import { afterAll, describe, expect } from 'vitest'
import { sanitizeHtml } from '../../src/lib/sanitize-html.ts'
import { test } from './support/fixtures.ts'
import { HOSTILE_HTML, SAFE_MARKER_TEXT, vectorsThatRan } from './support/hostile-html.ts'
import { settle } from './support/settle.ts'
import { deleteRows, insertRow } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const SLUG = 'e2e-hostile-html'

afterAll(async () => {
  await deleteRows('blog_posts', `slug=eq.${SLUG}`)
})

describe('hostile post HTML', () => {
  test('is live: rendered raw, its vectors run (so the checks below can fail)', async ({ page, problems }) => {
    problems.allow(/./) // the raw payload requests "x" and navigates to javascript: URLs on purpose
    await page.setContent(`<main>${HOSTILE_HTML}</main>`)
    const ran = await vectorsThatRan(page)
    expect(ran).toEqual(expect.arrayContaining(['img-onerror', 'script', 'js-link', 'svg-onload', 'details-ontoggle']))
  })

  test('sanitized by ~/lib/sanitize-html and rendered in Chromium, runs nothing', async ({ page }) => {
    await page.setContent(`<main>${sanitizeHtml(HOSTILE_HTML)}</main>`)
    await expect(page.locator('#safe-marker, p').first().textContent()).resolves.toBe(SAFE_MARKER_TEXT)
    await expect(vectorsThatRan(page)).resolves.toEqual([])
  })

  test('runs nothing when a visitor reads the published post', async ({ page }) => {
    await insertRow('blog_posts', {
      slug: SLUG,
      title: 'A hostile post',
      excerpt: 'Carries script in every form.',
      content: HOSTILE_HTML,
      category: 'Security',
      featured_image: '/favicon.svg',
      author_name: 'E2E',
      published: true,
    })
    const response = await page.goto(new URL(`/resources/blog/${SLUG}`, siteUrl).href)
    expect(response?.status()).toBe(200)
    await settle(page)
    await expect(page.getByText(SAFE_MARKER_TEXT).count()).resolves.toBe(1)
    await expect(vectorsThatRan(page)).resolves.toEqual([])
  })
})
