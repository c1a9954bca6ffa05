// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub, useLoaderData } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { PostSummary } from '../api/posts'
import { searchPosts, shownCount } from '../search-posts'
import { ResourcesBrowser } from './resources-browser'

// This machine is shared and slow at times: give renders after navigation time to arrive.
configure({ asyncUtilTimeout: 5000 })

afterEach(cleanup)

function post(n: number, overrides: Partial<PostSummary> = {}): PostSummary {
  return {
    id: `id-${n}`,
    slug: `post-${n}`,
    title: `Post number ${n}`,
    excerpt: `Excerpt of post ${n}`,
    category: n % 2 ? 'Banking' : 'Payments',
    featured_image: `/images/${n}.svg`,
    author_name: 'Author',
    author_avatar: null,
    tags: [],
    publish_at: new Date(Date.UTC(2026, 0, 30 - n)).toISOString(),
    ...overrides,
  }
}

// The same loader logic as the route: search, then the featured post plus `shown` in the grid.
function renderResources(all: PostSummary[], initialPath = '/resources') {
  const Stub = createRoutesStub([
    {
      path: '/resources',
      loader: ({ request }) => {
        const params = new URL(request.url).searchParams
        const query = params.get('q') ?? ''
        const shown = shownCount(params.get('show'))
        const matches = searchPosts(all, query)
        return { posts: matches.slice(0, shown + 1), total: matches.length, published: all.length, query, shown }
      },
      Component: function Resources() {
        const data = useLoaderData() as Parameters<typeof ResourcesBrowser>[0]
        return <ResourcesBrowser {...data} />
      },
    },
  ])
  return render(<Stub initialEntries={[initialPath]} />)
}

const gridTitles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent)

describe('/resources list', () => {
  it('features the newest post, shows 6 more, and Load More Articles adds 6 each time', async () => {
    const user = userEvent.setup()
    renderResources(Array.from({ length: 16 }, (_, i) => post(i + 1)))
    expect(await screen.findByRole('heading', { level: 2, name: 'Post number 1' })).toBeTruthy()
    expect(gridTitles()).toHaveLength(6)

    await user.click(screen.getByRole('link', { name: 'Load More Articles' }))
    await waitFor(() => expect(gridTitles()).toHaveLength(12), { timeout: 5000 })
    await user.click(screen.getByRole('link', { name: 'Load More Articles' }))
    await waitFor(() => expect(gridTitles()).toHaveLength(15), { timeout: 5000 })
    expect(screen.queryByRole('link', { name: 'Load More Articles' })).toBeNull()
  })

  it('searches title, excerpt and category case-insensitively as you type, keeping the query in the box', async () => {
    const user = userEvent.setup()
    renderResources([
      post(1, { title: 'Core banking migrations' }),
      post(2, { title: 'USSD design', excerpt: 'Payments on FEATURE phones' }),
      post(3, { title: 'Payroll', category: 'HR' }),
    ])
    const box = await screen.findByRole('searchbox', { name: 'Search articles' })
    await user.type(box, 'feature')
    await waitFor(() => expect(screen.queryByText('Core banking migrations')).toBeNull())
    expect(screen.getByRole('heading', { level: 2, name: 'USSD design' })).toBeTruthy()
    expect((box as HTMLInputElement).value).toBe('feature')

    await user.clear(box)
    await user.type(box, 'hr{Enter}')
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Payroll' })).toBeTruthy())
    expect(screen.queryByText('USSD design')).toBeNull()
  })

  it('says so when nothing matches, and when there are no posts at all', async () => {
    const user = userEvent.setup()
    const { unmount } = renderResources([post(1)])
    await user.type(await screen.findByRole('searchbox'), 'nothing like this{Enter}')
    expect(await screen.findByText('No articles found. Try a different search term!')).toBeTruthy()
    unmount()
    renderResources([])
    expect(await screen.findByText('No blog posts available yet.')).toBeTruthy()
  })

  it('opens a shared search link with the results and the query filled in', async () => {
    renderResources([post(1, { title: 'Open banking APIs' }), post(2, { title: 'Other' })], '/resources?q=open%20BANKING')
    expect(await screen.findByRole('heading', { level: 2, name: 'Open banking APIs' })).toBeTruthy()
    expect(screen.queryByText('Other')).toBeNull()
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('open BANKING')
  })
})
