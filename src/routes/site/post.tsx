import { redirect } from 'react-router'
import { getPublishedPost } from '~/features/blog/api/posts'
import { getRelatedPosts } from '~/features/blog/api/posts'
import { ArticleView } from '~/features/blog/components/article-view'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import { sanitizeHtml } from '~/lib/sanitize-html'
import { siteUrl } from '~/lib/site-url.server'
import { articleLd, breadcrumbLd, buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/post'

export async function loader(args: Route.LoaderArgs) {
  const { params } = args
  const db = requestDb(args.context)
  const post = await loadSafely(`Reading post ${params.slug}`, () => getPublishedPost(db, params.slug), null)
  // Unknown slugs and drafts go back to the list.
  if (!post) throw redirect('/resources')
  const related = await loadSafely('Reading related posts', () => getRelatedPosts(db, post.category, post.slug, 3), [])
  const { content, ...summary } = post
  // Sanitized here, on the server: the browser bundle never carries the sanitizer.
  return { post: summary, html: sanitizeHtml(content), related, url: `${siteUrl(args)}/resources/blog/${post.slug}` }
}

/** A post edited before it went live was last modified when it went live. */
function modifiedAt(post: { publish_at: string; updated_at: string }): string {
  return Date.parse(post.updated_at) > Date.parse(post.publish_at) ? post.updated_at : post.publish_at
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return []
  const site = siteContextFrom(matches)
  const { post } = loaderData
  const path = `/resources/blog/${post.slug}`
  return buildMeta(site, {
    title: post.title,
    description: post.excerpt,
    path,
    type: 'article',
    image: post.featured_image,
    article: { publishedTime: post.publish_at, modifiedTime: modifiedAt(post), author: post.author_name, section: post.category },
    jsonLd: [
      articleLd(site, {
        title: post.title,
        description: post.excerpt,
        path,
        image: post.featured_image,
        author: post.author_name,
        published: post.publish_at,
        modified: modifiedAt(post),
      }),
      breadcrumbLd(site, [
        { name: 'Home', path: '/' },
        { name: 'Editorial', path: '/resources' },
        { name: post.title, path },
      ]),
    ],
  })
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, html, related, url } = loaderData
  return <ArticleView post={post} html={html} url={url} related={related} />
}
