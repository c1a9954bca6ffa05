// The editor's Preview: the post as readers will see it, its HTML run through the same sanitizer
// as the public post page.
import { sanitizeHtml } from '~/lib/sanitize-html'
import { badge } from '../../components/styles'
import type { BlogPostInput } from '~/entities/blog-post'

export function PostPreview({ values }: { values: BlogPostInput }) {
  return (
    <article className="grid gap-4" aria-label="Preview">
      {values.category ? <span className={`${badge} justify-self-start bg-brand-primary/10 text-brand-primary`}>{values.category}</span> : null}
      <h2 className="text-2xl font-semibold text-slate-900">{values.title || 'Untitled'}</h2>
      {values.excerpt ? <p className="text-slate-600">{values.excerpt}</p> : null}
      {values.featured_image ? <img src={values.featured_image} alt="" className="aspect-video w-full rounded-md bg-slate-100 object-cover" /> : null}
      <div className="flex items-center gap-2 text-sm text-slate-700">
        {values.author_avatar ? <img src={values.author_avatar} alt="" className="size-8 rounded-full bg-slate-100 object-cover" /> : null}
        <span>{values.author_name}</span>
      </div>
      {values.tags.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {values.tags.map((tag) => (
            <li key={tag} className={`${badge} bg-slate-100 text-slate-700`}>
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <div
        className="prose-admin max-w-none text-slate-800 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:my-3 [&_img]:rounded [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_ul]:list-disc"
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(values.content) }}
      />
    </article>
  )
}
