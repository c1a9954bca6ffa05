// Two publishing journeys through the back office and the public site: a post scheduled a minute or
// two ahead stays hidden from visitors until its time and then shows at its address and on
// /resources; a published post whose slug is changed keeps its old link working, as a 301 to the
// new address that /admin/redirects lists as recorded by the slug change. The scheduled post's time
// comes when the test moves the backend's clock (the database decides by it) and the back office's
// browser clock to it, not by waiting for the minute to pass.
import type { Browser, Page } from 'playwright-core'
import { afterAll, describe, expect } from 'vitest'
import { advanceBackendClock } from '../helpers/test-clock.ts'
import { PHONE, test } from './support/fixtures.ts'
import { AdminPage } from './support/pages/admin.ts'
import { AdminBlogPage } from './support/pages/admin-blog.ts'
import { settle } from './support/settle.ts'
import { deleteRows, insertRow } from './support/staff-data.ts'
import { siteUrl, productBackend } from './support/product.ts'

const backend = productBackend()
const stamp = Date.now()
const SCHEDULED_TITLE = `Month End Without Overtime ${stamp}`
const RENAMED_TITLE = `Reconciling Mobile Money ${stamp}`
const OLD_SLUG = `reconciling-mobile-money-${stamp}`
const NEW_SLUG = `mobile-money-reconciliation-${stamp}`

let scheduledSlug = ''

afterAll(async () => {
  if (scheduledSlug) await deleteRows('blog_posts', `slug=eq.${scheduledSlug}`)
  await deleteRows('blog_posts', `slug=in.(${OLD_SLUG},${NEW_SLUG})`)
  await deleteRows('redirects', `from_path=eq./resources/blog/${OLD_SLUG}`)
})

/** A datetime-local value ("2026-12-02T09:00") for `instant` as a clock in `zone` reads it. */
function wallClockInput(instant: number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

/** A signed-out visitor in a browser context of their own. */
async function visitor(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: PHONE })).newPage()
}

/** Whether the post's own address shows it (an unknown or hidden post sends visitors to /resources). */
async function postShows(page: Page, slug: string, title: string): Promise<boolean> {
  const response = await page.goto(`${siteUrl}/resources/blog/${slug}`)
  if (response?.status() !== 200 || new URL(page.url()).pathname !== `/resources/blog/${slug}`) return false
  return (await page.getByRole('heading', { level: 1 }).textContent()) === title
}

async function listedOnResources(page: Page, slug: string): Promise<boolean> {
  await page.goto(`${siteUrl}/resources`)
  await settle(page)
  return (await page.locator(`a[href="/resources/blog/${slug}"]`).count()) > 0
}

/** The time the backend's clock reads (it may run ahead of real time: other tests move it too). */
function backendNow(): Promise<number> {
  return advanceBackendClock(backend.url, backend.serviceRoleKey, 0)
}

/** Asks `check` again every quarter second until it is true or `ms` have passed; the last answer. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  for (;;) {
    if (await check()) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('publishing', () => {
  test('a post scheduled a minute or two ahead appears to visitors when its time comes', { timeout: 120_000 }, async ({ page, browser }) => {
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open('/admin/blog', 'Blog Management')
    const blog = new AdminBlogPage(page)
    await blog.startPost()
    await blog.fill({
      title: SCHEDULED_TITLE,
      category: 'Operations',
      author: 'Ada Obi',
      featuredImage: '/images/blog/credit-scoring-with-thin-files.svg',
      excerpt: 'Closing the month in a day, written ahead and scheduled.',
      body: '<p>Reconcile daily and the month closes itself.</p>',
    })
    scheduledSlug = await blog.slug()
    const settings = await blog.settings()
    await settings.getByLabel('Published').setChecked(true)

    // The field takes minutes in the site's time zone: the next whole minute at least 45 s ahead.
    const zone = /Time zone: (.+)\.$/.exec((await settings.getByText(/Time zone: /).textContent()) ?? '')?.[1] ?? ''
    const publishAt = Math.ceil(((await backendNow()) + 45_000) / 60_000) * 60_000
    await settings.getByLabel('Publish at').fill(wallClockInput(publishAt, zone))
    await blog.closeSettings()
    await blog.create()
    await admin.expectToast('Blog post created successfully')
    await admin.open(`/admin/blog?q=${encodeURIComponent(SCHEDULED_TITLE)}`, 'Blog Management')

    const row = page.getByRole('listitem').filter({ hasText: SCHEDULED_TITLE })
    const badge = row.getByText(/^Scheduled for /)
    const shownTime = wallClockInput(publishAt, zone).slice(11)
    await expect(badge.textContent()).resolves.toContain(shownTime)

    // Before its time a visitor is sent away from its address and does not find it listed.
    const reader = await visitor(browser)
    expect(await postShows(reader, scheduledSlug, SCHEDULED_TITLE)).toBe(false)
    expect(new URL(reader.url()).pathname).toBe('/resources')
    expect(await listedOnResources(reader, scheduledSlug)).toBe(false)
    const before = await backendNow()
    expect(before).toBeLessThan(publishAt)

    // From its time on (pages are cached for about a second) it is at its address and on /resources.
    expect(await advanceBackendClock(backend.url, backend.serviceRoleKey, publishAt - before)).toBeGreaterThanOrEqual(publishAt)
    expect(await eventually(() => postShows(reader, scheduledSlug, SCHEDULED_TITLE), 5_000)).toBe(true)
    expect(await eventually(() => listedOnResources(reader, scheduledSlug), 5_000)).toBe(true)

    // The back office, whose browser's clock has reached the time too, now calls it published.
    await page.clock.setSystemTime(await backendNow())
    await admin.open(`/admin/blog?q=${encodeURIComponent(SCHEDULED_TITLE)}`, 'Blog Management')
    await expect(row.getByText('Published', { exact: true }).count()).resolves.toBe(1)
    await reader.context().close()
  })

  test('a renamed post answers at its old link with a 301 to the new one', { timeout: 120_000 }, async ({ page, browser }) => {
    await insertRow('blog_posts', {
      slug: OLD_SLUG,
      title: RENAMED_TITLE,
      excerpt: 'Matching wallet statements to invoices without a spreadsheet.',
      content: '<p>Every transfer carries its invoice number.</p>',
      category: 'Operations',
      featured_image: '/images/blog/credit-scoring-with-thin-files.svg',
      author_name: 'Ada Obi',
      published: true,
    })
    const reader = await visitor(browser)
    expect(await eventually(() => postShows(reader, OLD_SLUG, RENAMED_TITLE), 5_000)).toBe(true)

    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open(`/admin/blog?q=${encodeURIComponent(RENAMED_TITLE)}`, 'Blog Management')
    const blog = new AdminBlogPage(page)
    await blog.openPost(RENAMED_TITLE)
    await (await blog.settings()).getByLabel('Slug').fill(NEW_SLUG)
    await blog.closeSettings()
    await blog.update()

    // The web server reads the redirects again every second.
    const oldUrl = `${siteUrl}/resources/blog/${OLD_SLUG}`
    let answer: Response | undefined
    await eventually(async () => {
      answer = await fetch(oldUrl, { redirect: 'manual' })
      return answer.status === 301
    }, 5_000)
    expect(answer?.status).toBe(301)
    expect(new URL(answer?.headers.get('location') ?? '', siteUrl).pathname).toBe(`/resources/blog/${NEW_SLUG}`)

    // A visitor following the old link reads the post at its new address.
    await reader.goto(oldUrl)
    expect(new URL(reader.url()).pathname).toBe(`/resources/blog/${NEW_SLUG}`)
    await expect(reader.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(RENAMED_TITLE)
    await reader.context().close()

    // Staff find the redirect the rename recorded.
    await admin.open(`/admin/redirects?q=${encodeURIComponent(OLD_SLUG)}`, 'Redirects')
    const item = page.getByRole('listitem').filter({ hasText: `/resources/blog/${OLD_SLUG}` })
    await expect(item.textContent()).resolves.toContain(`/resources/blog/${NEW_SLUG}`)
    await expect(item.getByText('From a slug change').count()).resolves.toBe(1)
    await expect(item.getByText('301 Permanent').count()).resolves.toBe(1)
  })
})
