import { ArticleHeader } from '~/components/ui/article-header'
import { Container } from '~/components/ui/container'
import { DocumentHtml } from '~/components/ui/document-html'
import { LocalDate } from '~/components/ui/local-date'
import { useImageTransformations } from '~/lib/image-transformations'
import { fixedImage, fluidImage } from '~/lib/responsive-image'
import type { PostSummary } from '../api/posts'
import { FEATURED_IMAGE_RATIO } from './featured-image'
import { PostCard } from './post-card'
import { ShareLinks } from './share-links'

export interface ArticleViewProps {
  post: PostSummary & { updated_at: string }
  /** The body, already sanitized on the server; null when the document already holds it (document-html.ts). */
  html: string | null
  url: string
  related: PostSummary[]
}

/** The body's element, by which a document's render finds the body its loader kept out of its data. */
export const ARTICLE_BODY_ID = 'article-body'

export function ArticleView({ post, html, url, related }: ArticleViewProps) {
  const transform = useImageTransformations()
  return (
    <>
      <article>
        <ArticleHeader back={{ to: '/resources', label: 'Back to Editorial' }} eyebrow={post.category} title={post.title}>
          <div className="mt-6 flex items-center gap-3">
            {post.author_avatar && (
              <img
                {...fixedImage(post.author_avatar, { width: 44, height: 44 }, transform)}
                alt=""
                width={44}
                height={44}
                className="size-11 rounded-full bg-slate-100"
              />
            )}
            <div className="text-sm">
              <p className="font-semibold text-slate-900">{post.author_name}</p>
              <p className="text-slate-600">
                <LocalDate iso={post.publish_at} />
              </p>
            </div>
          </div>
        </ArticleHeader>
        <Container className="grid gap-12 py-10 sm:py-14 lg:grid-cols-12">
          <div className="lg:col-span-8">
            <img
              {...fluidImage(
                post.featured_image,
                {
                  widths: [400, 640, 800, 1080, 1280, 1600],
                  // The article column: the page less its gutters, two thirds of the 1280 px container from 1024 px.
                  sizes: '(min-width: 1280px) 800px, (min-width: 1024px) 62vw, calc(100vw - 40px)',
                  aspectRatio: FEATURED_IMAGE_RATIO,
                },
                transform,
              )}
              alt=""
              width={1200}
              height={630}
              fetchPriority="high"
              decoding="async"
              className="aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover"
            />
            <DocumentHtml id={ARTICLE_BODY_ID} className="prose-content mt-10 max-w-none" html={html} />
            {post.tags.length > 0 && (
              <ul className="mt-10 flex flex-wrap gap-2" aria-label="Tags">
                {post.tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
                    {tag}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <aside className="lg:col-span-4">
            <div className="rounded-2xl border border-slate-200 p-6 lg:sticky lg:top-24">
              <ShareLinks url={url} title={post.title} />
            </div>
          </aside>
        </Container>
      </article>
      {related.length > 0 && (
        <section className="bg-slate-50 py-14 sm:py-20" aria-labelledby="related-heading">
          <Container>
            <h2 id="related-heading" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
              Related Articles
            </h2>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {related.map((item) => (
                <li key={item.id}>
                  <PostCard post={item} />
                </li>
              ))}
            </ul>
          </Container>
        </section>
      )}
    </>
  )
}
