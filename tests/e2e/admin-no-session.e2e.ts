// Without a session, /admin shows no data — not in the HTML the server sends, not for one frame
// before the redirect to the login screen. Markers only staff may see are planted first (a draft
// post, a contact message, a subscriber); every state of the DOM is recorded and searched for them.
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { ADMIN_LOGIN, ADMIN_ROUTES } from './support/admin-routes.ts'
import { recordDom } from './support/dom-recorder.ts'
import { test } from './support/fixtures.ts'
import { deleteRows, insertRow } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const MARKERS = {
  draftTitle: 'E2E staff-only draft 7f3a',
  message: 'E2E staff-only message 7f3a',
  subscriber: 'e2e-staff-only-7f3a@example.com',
}

describe('the back office without a session', () => {
  beforeAll(async () => {
    await insertRow('blog_posts', {
      slug: 'e2e-staff-only-draft',
      title: MARKERS.draftTitle,
      excerpt: 'Only staff may see this.',
      content: '<p>Draft.</p>',
      category: 'Internal',
      featured_image: '/favicon.svg',
      author_name: 'E2E',
      published: false,
    })
    await insertRow('contact_messages', {
      first_name: 'E2E',
      last_name: 'Visitor',
      email: 'e2e-visitor@example.com',
      message: MARKERS.message,
    })
    await insertRow('newsletter_subscribers', { email: MARKERS.subscriber })
  })

  afterAll(async () => {
    await deleteRows('blog_posts', 'slug=eq.e2e-staff-only-draft')
    await deleteRows('contact_messages', `message=eq.${encodeURIComponent(MARKERS.message)}`)
    await deleteRows('newsletter_subscribers', `email=eq.${encodeURIComponent(MARKERS.subscriber)}`)
  })

  test.for(ADMIN_ROUTES)('%s redirects to the login screen and never shows staff data', async (route, { page }) => {
    const dom = await recordDom(page)
    await page.goto(new URL(route, siteUrl).href)
    await page.waitForURL((url) => url.pathname === ADMIN_LOGIN, { timeout: 15_000 })
    await page.waitForLoadState('networkidle')
    expect(dom.snapshots().length).toBeGreaterThan(0)
    for (const marker of Object.values(MARKERS)) {
      expect(
        dom.containing(marker).map((snapshot) => snapshot.url),
        `"${marker}" was in the page`,
      ).toEqual([])
    }
  })
})
