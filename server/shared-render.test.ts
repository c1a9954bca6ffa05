import { describe, expect, it } from 'vitest'
import type { RouteMatch } from './route-match.ts'
import { sharedRender } from './shared-render.ts'

const notFound: RouteMatch = {
  data: false,
  pathname: '//evil.example/admin/login',
  routeIds: ['root', 'routes/site/not-found'],
  pattern: '/*',
  sharedRender: true,
  samePageForEveryPath: true,
  queryParams: [],
  maxBodyBytes: undefined,
}

describe('sharedRender', () => {
  it("renders a path that looks like another host's address on the site's own origin, under its own route's key", () => {
    const shared = sharedRender(new URL('http://localhost:3000//evil.example/admin/login'), notFound, 'https://www.site.example')
    expect(shared.url.origin).toBe('https://www.site.example')
    expect(shared.url.pathname).toBe('//evil.example/admin/login')
    expect(shared.key).toBe('route:/*')
  })

  it('keeps only the parameters the route reads, sorted', () => {
    const shared = sharedRender(
      new URL('http://localhost:3000/resources?utm_source=x&show=posts&q=%20core%20'),
      { ...notFound, pathname: '/resources', pattern: '/resources', samePageForEveryPath: false, queryParams: ['q', 'show'] },
      'https://www.site.example',
    )
    expect(shared.url.href).toBe('https://www.site.example/resources?q=core&show=posts')
    expect(shared.key).toBe('/resources?q=core&show=posts')
  })
})
