// What publishing and unpublishing a post changes for visitors and crawlers, all four places at once:
// the blog list, the post's URL, the sitemap and the RSS feed. The post is switched the way the
// admin's publish toggle does (an update of `published`); the admin journey itself drives the UI.
import { XMLParser } from 'fast-xml-parser'
import { afterAll, describe, expect, inject } from 'vitest'
import { test } from './fixtures.ts'
import { settle } from './settle.ts'
import { deleteRows, insertRow, updateRows } from './staff-data.ts'

const siteUrl = inject('siteUrl')
const SLUG = 'e2e-publish-visibility'
const TITLE = 'E2E: what publishing changes'
const postUrl = `${siteUrl}/resources/blog/${SLUG}`
const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'item' })

async function inSitemap(): Promise<boolean> {
  const doc = parser.parse(await (await fetch(`${siteUrl}/sitemap.xml`)).text())
  return doc.urlset.url.some((url: { loc: string }) => url.loc === postUrl)
}

async function inFeed(): Promise<boolean> {
  const doc = parser.parse(await (await fetch(`${siteUrl}/rss.xml`)).text())
  return (doc.rss.channel.item ?? []).some((item: { link: string }) => item.link === postUrl)
}

/** Asks again for up to 5 s until the answer is `wanted`; returns the last answer. */
async function eventually(check: () => Promise<boolean>, wanted: boolean): Promise<boolean> {
  const deadline = Date.now() + 5_000
  for (;;) {
    const answer = await check()
    if (answer === wanted || Date.now() > deadline) return answer
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

afterAll(async () => {
  await deleteRows('blog_posts', `slug=eq.${SLUG}`)
})

describe('publishing a post', () => {
  test('shows it on /resources, at its URL, in the sitemap and the feed; unpublishing removes it from all four', async ({
    page,
  }) => {
    await insertRow('blog_posts', {
      slug: SLUG,
      title: TITLE,
      excerpt: 'Appears and disappears with its published flag.',
      content: '<p>Published for a moment.</p>',
      category: 'Testing',
      featured_image: '/favicon.svg',
      author_name: 'E2E',
      published: false,
      created_at: new Date().toISOString(), // the newest post: first on /resources
    })
    const listLink = page.locator(`a[href="/resources/blog/${SLUG}"], a[href="${postUrl}"]`)

    // A draft: nowhere.
    await page.goto(`${siteUrl}/resources`)
    await settle(page)
    await expect(listLink.count()).resolves.toBe(0)
    await page.goto(postUrl)
    expect(new URL(page.url()).pathname).toBe('/resources')
    expect(await inSitemap()).toBe(false)
    expect(await inFeed()).toBe(false)

    // Published: everywhere, once the web server's one-second page cache has moved on.
    await updateRows('blog_posts', `slug=eq.${SLUG}`, { published: true })
    const onList = async () => {
      await page.goto(`${siteUrl}/resources`)
      await settle(page)
      return (await listLink.count()) > 0
    }
    expect(await eventually(onList, true)).toBe(true)
    const atItsUrl = async () => (await page.goto(postUrl))?.status() === 200 && new URL(page.url()).pathname !== '/resources'
    expect(await eventually(atItsUrl, true)).toBe(true)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(TITLE)
    expect(await eventually(inSitemap, true)).toBe(true)
    expect(await eventually(inFeed, true)).toBe(true)

    // Unpublished: gone again.
    await updateRows('blog_posts', `slug=eq.${SLUG}`, { published: false })
    expect(await eventually(onList, false)).toBe(false)
    expect(await eventually(atItsUrl, false)).toBe(false)
    expect(new URL(page.url()).pathname).toBe('/resources')
    expect(await eventually(inSitemap, false)).toBe(false)
    expect(await eventually(inFeed, false)).toBe(false)
  })
})
