import { unwrap, type Db } from '~/lib/supabase'
import type { ContentSource } from '../public-pages'
import type { Tables } from '~/lib/database.types'

export interface DatedPage {
  slug: string
  /** The later of created_at and updated_at. */
  changedAt: string
}

export interface SitemapContent {
  /** Solutions not hidden from search engines. */
  solutions: DatedPage[]
  /** Published posts not hidden from search engines, newest first. */
  posts: DatedPage[]
  /** Open job openings, newest first. */
  jobs: DatedPage[]
  /** The newest change (ISO timestamp) of each content source that has rows. */
  changed: Partial<Record<ContentSource, string>>
}

function laterOf(a: string, b: string): string {
  return new Date(a) >= new Date(b) ? a : b
}

/** The newest updated_at of a table as visitors see it, or undefined when they see no rows. */
async function newestChange(
  query: PromiseLike<{ data: { updated_at: string }[] | null; error: { message: string } | null }>,
  what: string,
): Promise<string | undefined> {
  return unwrap(await query, what)[0]?.updated_at
}

/**
 * What the sitemap lists and dates, read as a visitor (row-level security keeps drafts and closed
 * jobs out; the filters repeat it so a privileged client could not leak them either). Rows a visitor
 * cannot see (an unpublished post, a deleted client) cannot date a page: the sitemap's lastmod is the
 * newest visible change. Pages hidden from search engines are left out.
 */
export async function getSitemapContent(db: Db): Promise<SitemapContent> {
  const newestFirst = { ascending: false } as const
  const [solutions, posts, content, settings, jobs, clients, testimonials, team] = await Promise.all([
    db.from('solutions').select('slug, created_at, updated_at').eq('hide_from_search', false).order('created_at', { ascending: true }),
    db.from('blog_posts').select('slug, publish_at, updated_at').eq('published', true).eq('hide_from_search', false).order('publish_at', newestFirst),
    db.from('website_content').select('section, key, updated_at'),
    newestChange(db.from('site_settings').select('updated_at').order('updated_at', newestFirst).limit(1), 'Failed to date settings'),
    db.from('job_openings').select('slug, created_at, updated_at').eq('active', true).order('created_at', newestFirst),
    newestChange(db.from('clients').select('updated_at').order('updated_at', newestFirst).limit(1), 'Failed to date clients'),
    newestChange(db.from('testimonials').select('updated_at').order('updated_at', newestFirst).limit(1), 'Failed to date testimonials'),
    newestChange(db.from('team_members').select('updated_at').order('updated_at', newestFirst).limit(1), 'Failed to date team'),
  ])
  const dated = (rows: { slug: string; created_at: string; updated_at: string }[]): DatedPage[] =>
    rows.map((row) => ({ slug: row.slug, changedAt: laterOf(row.created_at, row.updated_at) }))
  const solutionPages = dated(unwrap(solutions, 'Failed to fetch solutions'))
  // A post went live at publish_at, whenever it was written.
  const postPages = dated(unwrap(posts, 'Failed to fetch posts').map((row) => ({ slug: row.slug, created_at: row.publish_at, updated_at: row.updated_at })))
  const jobPages = dated(unwrap(jobs, 'Failed to fetch job openings'))

  const changed: Partial<Record<ContentSource, string>> = {}
  const note = (source: ContentSource, at: string | undefined) => {
    const current = changed[source]
    if (at) changed[source] = current ? laterOf(current, at) : at
  }
  for (const row of unwrap(content, 'Failed to fetch website content')) {
    note(`website_content:${row.section}.${row.key}`, row.updated_at)
  }
  for (const page of solutionPages) note('solutions', page.changedAt)
  for (const page of postPages) note('blog_posts', page.changedAt)
  note('site_settings', settings)
  for (const page of jobPages) note('job_openings', page.changedAt)
  note('clients', clients)
  note('testimonials', testimonials)
  note('team_members', team)
  return { solutions: solutionPages, posts: postPages, jobs: jobPages, changed }
}

export type FeedPost = Pick<Tables<'blog_posts'>, 'slug' | 'title' | 'excerpt' | 'category' | 'author_name' | 'publish_at' | 'updated_at'>

/** How many posts the RSS feed carries. */
export const FEED_SIZE = 20

/** The newest published posts, newest first, as the RSS feed lists them. */
export async function getFeedPosts(db: Db, limit = FEED_SIZE): Promise<FeedPost[]> {
  return unwrap(
    await db
      .from('blog_posts')
      .select('slug, title, excerpt, category, author_name, publish_at, updated_at')
      .eq('published', true)
      .order('publish_at', { ascending: false })
      .limit(limit),
    'Failed to fetch posts for the feed',
  )
}
