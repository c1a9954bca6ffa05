import { redirect } from 'react-router'
import { getPublishedPost } from '~/features/blog/api/posts'
import { getRelatedPosts } from '~/features/blog/api/posts'
import { ARTICLE_BODY_ID, ArticleView } from '~/features/blog/components/article-view'
import { postMeta } from '~/features/blog/post-meta'
import { requestDb } from '~/lib/db.server'
import { htmlOutsideData } from '~/lib/document-html'
import { loadSafely } from '~/lib/load-safely'
import { sanitizeHtml } from '~/lib/sanitize-html'
import { siteUrl } from '~/lib/site-url.server'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/post'

export async function loader(args: Route.LoaderArgs) {
  const { params } = args
  const db = requestDb(args.context)
  const post = await loadSafely(`Reading post ${params.slug}`, () => getPublishedPost(db, params.slug), null)
  // Unknown slugs and drafts go back to the list.
  if (!post) throw redirect('/resources')
  const related = await loadSafely('Reading related posts', () => getRelatedPosts(db, post.category, post.slug, 3), [])
  const { content, ...summary } = post
  // Sanitized here, on the server: the browser bundle never carries the sanitizer. A document
  // carries it once, as the page, not again in the data for hydration.
  const html = htmlOutsideData(args.context, ARTICLE_BODY_ID, sanitizeHtml(content))
  return { post: summary, html, related, url: `${siteUrl(args)}/resources/blog/${post.slug}` }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return []
  return buildMeta(siteContextFrom(matches), postMeta(siteContextFrom(matches), loaderData.post))
}

/** The page itself, which a release preview also renders with the data it loaded for it. */
export function Page({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { post, html, related, url } = loaderData
  return <ArticleView post={post} html={html} url={url} related={related} />
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  return <Page loaderData={loaderData} />
}
