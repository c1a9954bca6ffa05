import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { LocalDate } from '~/components/ui/local-date'
import { useImageTransformations } from '~/lib/image-transformations'
import { fluidImage } from '~/lib/responsive-image'
import type { PostSummary } from '../api/posts'
import { FEATURED_IMAGE_RATIO } from './featured-image'

/** The first post of the list, shown large at the top of the page: its image is fetched first. */
export function FeaturedPost({ post }: { post: PostSummary }) {
  const transform = useImageTransformations()
  return (
    <article className="group relative grid overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm md:grid-cols-12">
      <img
        {...fluidImage(
          post.featured_image,
          {
            widths: [400, 640, 800, 1080, 1400],
            sizes: '(min-width: 1280px) 700px, (min-width: 768px) 56vw, calc(100vw - 40px)',
            aspectRatio: FEATURED_IMAGE_RATIO,
          },
          transform,
        )}
        alt=""
        width={1200}
        height={630}
        fetchPriority="high"
        decoding="async"
        className="aspect-[1200/630] h-full w-full bg-slate-100 object-cover md:col-span-7"
      />
      <div className="flex flex-col p-6 sm:p-8 md:col-span-5">
        <p className="text-sm font-semibold text-brand-primary-text">Featured · {post.category}</p>
        <h2 className="mt-3 text-2xl leading-tight font-semibold tracking-tight text-slate-900 sm:text-3xl">
          <Link to={`/resources/blog/${post.slug}`} className="after:absolute after:inset-0 group-hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="mt-4 text-slate-600">{post.excerpt}</p>
        <div className="mt-auto flex items-center justify-between gap-4 pt-6">
          <p className="text-sm text-slate-500">
            {post.author_name} · <LocalDate iso={post.publish_at} />
          </p>
          <ArrowRight aria-hidden="true" className="size-5 text-brand-primary transition group-hover:translate-x-1" strokeWidth={1.75} />
        </div>
      </div>
    </article>
  )
}
