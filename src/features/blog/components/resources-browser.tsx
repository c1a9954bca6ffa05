import { Search } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, Link, useNavigation, useSubmit } from 'react-router'
import { buttonClasses } from '~/components/ui/button-link'
import type { PostSummary } from '../api/posts'
import { PAGE_SIZE } from '../search-posts'
import { FeaturedPost } from './featured-post'
import { PostCard } from './post-card'

export interface ResourcesBrowserProps {
  /** The posts to show: the featured one first, then the grid (already cut to `shown`). */
  posts: PostSummary[]
  /** How many posts match the search in total. */
  total: number
  /** Published posts before searching (0 means the blog is empty). */
  published: number
  query: string
  /** How many grid posts are shown (multiples of 6). */
  shown: number
  /** The server declined to run the search for now: every post is listed instead. */
  searchDeclined?: boolean
}

/**
 * The /resources list: search (kept in ?q= so it can be shared and works without JavaScript; with
 * JavaScript it also filters as you type), the featured first post, and a grid of 6 more with
 * 'Load More Articles' adding 6 at a time (a link to ?show=, so it works without JavaScript too).
 */
export function ResourcesBrowser({ posts, total, published, query, shown, searchDeclined = false }: ResourcesBrowserProps) {
  const submit = useSubmit()
  const navigation = useNavigation()
  const [text, setText] = useState(query)
  const [lastQuery, setLastQuery] = useState(query)
  // Back/forward or a shared link changes ?q=: the box follows the URL. A declined search keeps what was typed.
  if (query !== lastQuery && !searchDeclined) {
    setLastQuery(query)
    setText(query)
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const [featured, ...rest] = posts
  const more = total - 1 - rest.length
  const nextParams = new URLSearchParams()
  if (query) nextParams.set('q', query)
  nextParams.set('show', String(shown + PAGE_SIZE))
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/resources'

  return (
    <div>
      <Form role="search" method="get" action="/resources" className="relative max-w-xl" preventScrollReset>
        <label htmlFor="resources-search" className="sr-only">
          Search articles
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-400" strokeWidth={1.75} />
        <input
          id="resources-search"
          type="search"
          name="q"
          value={text}
          placeholder="Search articles..."
          autoComplete="off"
          onChange={(event) => {
            const value = event.currentTarget.value
            const form = event.currentTarget.form
            setText(value)
            clearTimeout(timer.current)
            timer.current = setTimeout(() => {
              if (form) submit(form, { replace: true, preventScrollReset: true })
            }, 250)
          }}
          className="h-12 w-full rounded-xl border border-slate-300 bg-white pr-28 pl-12 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-primary focus:ring-2 focus:ring-brand-primary/20 focus:outline-none"
        />
        <button type="submit" className={buttonClasses('primary', 'sm', 'absolute top-1/2 right-1.5 -translate-y-1/2')}>
          Search
        </button>
      </Form>

      {/* Screen readers hear the count change, not the whole list. */}
      <p role="status" className="sr-only">
        {published === 0 || searchDeclined ? '' : `${total} ${total === 1 ? 'article' : 'articles'}${query ? ` match “${query}”` : ''}`}
      </p>
      {searchDeclined && (
        <p role="alert" className="mt-4 text-sm text-slate-600">
          Search is busy right now, so every article is listed below. Please try again in a moment.
        </p>
      )}
      <div aria-busy={loading} className={`mt-10 transition-opacity ${loading ? 'opacity-60' : ''}`}>
        {published === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">No blog posts available yet.</p>
        ) : total === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">No articles found. Try a different search term!</p>
        ) : (
          <>
            {query && (
              <p aria-hidden="true" className="mb-6 text-sm text-slate-600">
                {total} {total === 1 ? 'article matches' : 'articles match'} “{query}”
              </p>
            )}
            {featured && <FeaturedPost post={featured} />}
            {rest.length > 0 && (
              <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {rest.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
            )}
            {more > 0 && (
              <div className="mt-12 text-center">
                <Link to={`/resources?${nextParams}`} replace preventScrollReset className={buttonClasses('outline', 'lg')}>
                  Load More Articles
                </Link>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  )
}
