import type { SitemapContent } from './api/feeds'
import { LAYOUT_SOURCES, PUBLIC_PAGES } from './public-pages'
import type { SitemapEntry } from './xml/build-sitemap'
import { latest } from './xml/format-dates'

/**
 * Every public URL, dated: the fixed pages by the newest change to what they show (their sections
 * plus the header and footer), each solution, published post and open job by its own row.
 */
export function sitemapEntries(origin: string, content: SitemapContent): SitemapEntry[] {
  const pages = PUBLIC_PAGES.map((page) => ({
    loc: `${origin}${page.path}`,
    lastmod: latest([...page.sources, ...LAYOUT_SOURCES].map((source) => content.changed[source])),
  }))
  const solutions = content.solutions.map((solution) => ({
    loc: `${origin}/solutions/${encodeURIComponent(solution.slug)}`,
    lastmod: latest([solution.changedAt]),
  }))
  const posts = content.posts.map((post) => ({
    loc: `${origin}/resources/blog/${encodeURIComponent(post.slug)}`,
    lastmod: latest([post.changedAt]),
  }))
  const jobs = content.jobs.map((job) => ({
    loc: `${origin}/careers/${encodeURIComponent(job.slug)}`,
    lastmod: latest([job.changedAt]),
  }))
  return [...pages, ...solutions, ...posts, ...jobs]
}
