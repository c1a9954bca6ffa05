import { Link } from 'react-router'
import { LocalDate } from '~/components/ui/local-date'
import { useImageTransformations } from '~/lib/image-transformations'
import { fluidImage } from '~/lib/responsive-image'
import type { PostSummary } from '../api/posts'
import { FEATURED_IMAGE_RATIO } from './featured-image'

/** A post in the /resources grid or under "Related articles": image, category, title, excerpt, byline. */
export function PostCard({ post, headingLevel = 'h3' }: { post: PostSummary; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel
  const transform = useImageTransformations()
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <img
        {...fluidImage(
          post.featured_image,
          {
            widths: [400, 640, 800],
            sizes: '(min-width: 1280px) 390px, (min-width: 768px) 31vw, calc(100vw - 40px)',
            aspectRatio: FEATURED_IMAGE_RATIO,
          },
          transform,
        )}
        alt=""
        width={1200}
        height={630}
        loading="lazy"
        decoding="async"
        className="aspect-[1200/630] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-semibold text-brand-primary-text">{post.category}</p>
        <Heading className="mt-2 text-lg leading-snug font-semibold text-slate-900">
          <Link to={`/resources/blog/${post.slug}`} className="after:absolute after:inset-0 group-hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm leading-6 text-slate-600">{post.excerpt}</p>
        {post.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Tags">
            {post.tags.slice(0, 3).map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-600">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-auto pt-5 text-sm text-slate-500">
          {post.author_name} · <LocalDate iso={post.publish_at} />
        </p>
      </div>
    </article>
  )
}
