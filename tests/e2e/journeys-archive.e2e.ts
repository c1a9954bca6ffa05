// Journey: a compliance reviewer opens the archive. A post went live, and the next day (the test
// clock) its title changed; the archive shows the post as visitors saw it at each moment, inside the
// site's own layout, with the record of each part; the changes between the two moments are a word
// diff; the export of the period downloads as a ZIP with its manifest and README. axe on the screen.
import { readFile } from 'node:fs/promises'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { toZonedInput } from '../../src/lib/zoned-time.ts'
import { advanceBackendClock } from '../helpers/test-clock.ts'
import { expectNoViolations } from './support/axe.ts'
import { test } from './support/fixtures.ts'
import { AdminPage } from './support/pages/admin.ts'
import { AdminLoginPage } from './support/pages/admin-login.ts'
import { deleteRows, insertRow, selectRows, updateRows } from './support/staff-data.ts'
import { productBackend, siteUrl } from './support/product.ts'

const stamp = Date.now()
const SLUG = `archive-journey-${stamp}`
const FIRST_TITLE = `Rates explained ${stamp}`
const SECOND_TITLE = `Rates explained again ${stamp}`
const PASSWORD = 'archive-journey-password-1'
const REVIEWER = `archive-compliance-${stamp}@example.com`
const DAY_MS = 24 * 3600 * 1000
const MINUTE_MS = 60 * 1000

let zone = 'Africa/Lagos'
let published = 0
let changed = 0

beforeAll(async () => {
  const { url, serviceRoleKey } = productBackend()
  const response = await fetch(`${url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: REVIEWER, password: PASSWORD, email_confirm: true, user_metadata: { full_name: 'Cara Archive' } }),
  })
  expect(response.status).toBe(200)
  await insertRow('staff_roles', { user_id: ((await response.json()) as { id: string }).id, role: 'compliance' })
  const [setting] = await selectRows<{ value: string }>('site_settings', 'select=value&key=eq.time_zone')
  zone = setting?.value ?? zone

  published = await advanceBackendClock(url, serviceRoleKey, 0)
  await insertRow('blog_posts', {
    slug: SLUG,
    title: FIRST_TITLE,
    excerpt: 'How our rates work.',
    content: '<p>Our rates are fair and fixed for a year.</p>',
    category: 'Journeys',
    featured_image: '/images/blog/credit-scoring-with-thin-files.svg',
    author_name: 'Ada Archive',
    published: true,
  })
  changed = await advanceBackendClock(url, serviceRoleKey, DAY_MS)
  await updateRows('blog_posts', `slug=eq.${SLUG}`, { title: SECOND_TITLE })
})

afterAll(async () => {
  await deleteRows('blog_posts', `slug=eq.${SLUG}`)
})

describe('the archive', () => {
  test('shows a page as it was at two moments, what changed between them, and exports the period', { timeout: 180_000 }, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const login = new AdminLoginPage(page, siteUrl)
    await login.open()
    await login.signIn(REVIEWER, PASSWORD)
    await page.getByText(/^Welcome back, /).waitFor()
    const admin = new AdminPage(page, siteUrl)
    await admin.open('/admin/archive', 'Archive')

    // The post as visitors saw it just after it went live.
    const show = page.getByRole('region', { name: 'A page as visitors saw it' })
    await show.getByLabel('Date and time').fill(toZonedInput(new Date(published + MINUTE_MS).toISOString(), zone))
    await show.getByLabel('Page', { exact: true }).fill(`/resources/blog/${SLUG}`)
    await show.getByRole('button', { name: 'Show' }).click()
    const frame = page.frameLocator(`iframe[title^="/resources/blog/${SLUG} as visitors saw it"]`)
    await frame.getByRole('heading', { level: 1, name: FIRST_TITLE }).waitFor()
    // The site's own layout is around it.
    await frame.getByRole('contentinfo').waitFor()
    const parts = page.getByRole('table', { name: /parts of the page/ })
    await parts
      .getByRole('row')
      .filter({ hasText: `Blog post: ${FIRST_TITLE}` })
      .waitFor()
    // Not settle(): Chromium never reports a still frame (a sandboxed srcdoc) idle; the screen has no animation.
    await page.evaluate(() => document.fonts.ready)
    await expectNoViolations(page, '/admin/archive with a page as it was')

    // A day later.
    await show.getByLabel('Date and time').fill(toZonedInput(new Date(changed + MINUTE_MS).toISOString(), zone))
    await show.getByRole('button', { name: 'Show' }).click()
    await frame.getByRole('heading', { level: 1, name: SECOND_TITLE }).waitFor()
    await parts
      .getByRole('row')
      .filter({ hasText: `Blog post: ${SECOND_TITLE}` })
      .waitFor()

    // What changed between the two moments.
    const changes = page.getByRole('region', { name: 'What changed between two moments' })
    await changes.getByLabel('Compare with').fill(toZonedInput(new Date(published + MINUTE_MS).toISOString(), zone))
    await changes.getByRole('button', { name: 'Compare' }).click()
    const item = changes.getByRole('listitem').filter({ hasText: SECOND_TITLE })
    await item.locator('ins', { hasText: 'again' }).waitFor()
    await expect(item.getByRole('paragraph').first().textContent()).resolves.toMatch(
      /^On .+: the version live since .+ · Changed on .+, the version live on .+$/,
    )
    await expectNoViolations(page, '/admin/archive comparing two moments')

    // The period, for an examiner.
    const exporting = page.getByRole('region', { name: 'Export for an examiner' })
    await exporting.getByLabel('From').fill(toZonedInput(new Date(published - 10 * MINUTE_MS).toISOString(), zone))
    await exporting.getByLabel('To').fill(toZonedInput(new Date(changed + 2 * MINUTE_MS).toISOString(), zone))
    const [download] = await Promise.all([page.waitForEvent('download'), exporting.getByRole('button', { name: 'Export ZIP' }).click()])
    await admin.expectToast('Export ready: the ZIP is downloading')
    const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)))
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['manifest.json', 'README.txt', 'SHA256SUMS']))
    const manifest = JSON.parse(new TextDecoder().decode(zip['manifest.json'])) as { pages: { path: string }[] }
    expect(manifest.pages.filter((version) => version.path === `/resources/blog/${SLUG}`)).toHaveLength(2)
  })
})
