import { Hourglass } from 'lucide-react'
import { data, Link } from 'react-router'
import { buttonClasses } from '~/components/ui/button-link'
import { Container } from '~/components/ui/container'
import { getPreviewPost, getRelatedPosts } from '~/features/blog/api/posts'
import { ArticleView } from '~/features/blog/components/article-view'
import { PreviewBanner } from '~/features/blog/components/preview-banner'
import { postMeta } from '~/features/blog/post-meta'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import { sanitizeHtml } from '~/lib/sanitize-html'
import type { ServerHints } from '~/lib/server-hints'
import { siteUrl } from '~/lib/site-url.server'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/preview'

// A page for whoever holds the link: never shared between visitors by the page cache.
export const handle: ServerHints = { sharedRender: false }

// Never indexed, never kept by a browser or a proxy, whatever the link leads to.
export const headers: Route.HeadersFunction = () => ({ 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' })

export async function loader(args: Route.LoaderArgs) {
  const db = requestDb(args.context)
  const post = await loadSafely('Reading a preview', () => getPreviewPost(db, args.params.token), null)
  // Unknown, expired and revoked links look the same: the link says nothing about which.
  if (!post) return data({ preview: null }, { status: 404 })
  const related = await loadSafely('Reading related posts', () => getRelatedPosts(db, post.category, post.slug, 3), [])
  const { content, ...summary } = post
  return { preview: { post: summary, html: sanitizeHtml(content), related, url: `${siteUrl(args)}/resources/blog/${post.slug}` } }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteContextFrom(matches)
  const preview = loaderData?.preview
  if (!preview) {
    return buildMeta(site, { title: 'This preview link has expired', description: 'Ask for a new preview link.', path: '/', noIndex: true })
  }
  return buildMeta(site, { ...postMeta(site, preview.post), noIndex: true })
}

export default function PreviewPage({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData
  if (!preview) return <Expired />
  return (
    <>
      <PreviewBanner />
      <ArticleView post={preview.post} html={preview.html} url={preview.url} related={preview.related} />
    </>
  )
}

function Expired() {
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-primary/8 text-brand-primary">
        <Hourglass aria-hidden="true" className="size-7" strokeWidth={1.75} />
      </span>
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900">This preview link has expired</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">Preview links work for 7 days and can be withdrawn. Ask whoever shared it for a new one.</p>
      <Link to="/" className={`${buttonClasses('primary', 'lg')} mt-8`}>
        Back to the home page
      </Link>
    </Container>
  )
}
