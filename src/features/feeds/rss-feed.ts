import type { FeedPost } from './api/feeds'
import { buildRss } from './xml/build-rss'
import { latest } from './xml/format-dates'

export interface FeedSite {
  /** The site's origin, without a trailing slash. */
  origin: string
  /** The company name (site setting company_name): the channel's title. */
  title: string
  /** The tagline (site setting company_tagline): the channel's description. */
  description: string
}

/** The blog's RSS 2.0 feed: each post links to (and is identified by) its absolute URL. */
export function rssFeed(site: FeedSite, posts: readonly FeedPost[]): string {
  return buildRss(
    {
      title: site.title,
      description: site.description,
      link: `${site.origin}/`,
      selfUrl: `${site.origin}/rss.xml`,
      language: 'en',
      lastBuildDate: latest(posts.flatMap((post) => [post.publish_at, post.updated_at])),
    },
    posts.map((post) => ({
      title: post.title,
      link: `${site.origin}/resources/blog/${encodeURIComponent(post.slug)}`,
      description: post.excerpt,
      pubDate: new Date(post.publish_at),
      category: post.category,
      author: post.author_name,
    })),
  )
}
