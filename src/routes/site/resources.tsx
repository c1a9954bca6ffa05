import { BookOpen, Layers, Smile, Users } from 'lucide-react'
import { Container } from '~/components/ui/container'
import { PageHero } from '~/components/ui/page-hero'
import { getPublishedPosts } from '~/features/blog/api/posts'
import { ResourcesBrowser } from '~/features/blog/components/resources-browser'
import { searchPosts, shownCount } from '~/features/blog/search-posts'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import { isSearchDeclined } from '~/lib/search-declined.server'
import type { ServerHints } from '~/lib/server-hints'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/resources'

// The search and how many results are shown: every other parameter leaves the page as it is.
export const handle: ServerHints = { queryParams: ['q', 'show'] }

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const query = (params.get('q') ?? '').trim().slice(0, 200)
  const shown = shownCount(params.get('show'))
  const all = await loadSafely('Reading blog posts', () => getPublishedPosts(requestDb(context)), [])
  const matches = searchPosts(all, query)
  return {
    query,
    shown,
    // The featured post plus `shown` in the grid; the rest come with 'Load More Articles'.
    posts: matches.slice(0, shown + 1),
    total: matches.length,
    published: all.length,
    categories: new Set(all.map((post) => post.category)).size,
    searchDeclined: isSearchDeclined(context),
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: 'Editorial',
    description: 'Insight on core banking, payments, lending, HR and education technology from the engineers and consultants who build it.',
    path: '/resources',
  })
}

/** The page itself, which a release preview also renders with the data it loaded for it. */
export function Page({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { posts, total, published, query, shown, categories, searchDeclined } = loaderData
  const stats = [
    { icon: BookOpen, value: String(published), label: 'Articles' },
    { icon: Layers, value: String(categories), label: 'Categories' },
    { icon: Users, value: '10K+', label: 'Monthly Readers' },
    { icon: Smile, value: '95%', label: 'Reader Satisfaction' },
  ]
  return (
    <>
      <PageHero
        eyebrow="Editorial"
        title="Insights for the institutions building Africa's financial future"
        description="Practical writing on banking technology, payments, lending, security, HR and education systems, from the people who build and run them."
      >
        <dl className="mt-10 grid max-w-3xl grid-cols-2 gap-4 sm:grid-cols-4">
          {stats.map(({ icon: Icon, value, label }) => (
            <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
              <Icon aria-hidden="true" className="size-5 text-brand-secondary" strokeWidth={1.75} />
              <dd className="mt-2 text-2xl font-semibold text-slate-900">{value}</dd>
              <dt className="text-sm text-slate-600">{label}</dt>
            </div>
          ))}
        </dl>
      </PageHero>
      <Container className="py-12 sm:py-16">
        <ResourcesBrowser posts={posts} total={total} published={published} query={query} shown={shown} searchDeclined={searchDeclined} />
      </Container>
    </>
  )
}

export default function Resources({ loaderData }: Route.ComponentProps) {
  return <Page loaderData={loaderData} />
}
