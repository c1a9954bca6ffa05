import { matchRoutes, type ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { RouteMatcher } from './route-match.ts'

interface Route {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  caseSensitive?: boolean
}

// A table with what this app's has: a pathless layout, an index, nested fixed segments, parameters
// at the first segment, a case-sensitive route, a splat, and a section of its own (/admin).
const ROUTES: Route[] = [
  { id: 'root', path: '' },
  { id: 'site', parentId: 'root' },
  { id: 'home', parentId: 'site', index: true },
  { id: 'about', parentId: 'site', path: 'about' },
  { id: 'resources', parentId: 'site', path: 'resources' },
  { id: 'post', parentId: 'site', path: 'resources/blog/:slug' },
  { id: 'careers', parentId: 'site', path: 'Careers', caseSensitive: true },
  { id: 'docs', parentId: 'site', path: ':lang/docs' },
  { id: 'files', parentId: 'site', path: 'files/*' },
  { id: 'not-found', parentId: 'site', path: '*' },
  { id: 'admin', parentId: 'root', path: 'admin' },
  { id: 'login', parentId: 'admin', path: 'login' },
  { id: 'dashboard', parentId: 'admin', index: true },
]

const build = {
  routes: Object.fromEntries(ROUTES.map((route) => [route.id, { ...route, module: {} }])),
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  future: { v8_trailingSlashAwareDataRequests: true },
} as unknown as ServerBuild

/** The same table as React Router's own nested route objects, matched in full. */
function fullTable(parentId?: string): Parameters<typeof matchRoutes>[0] {
  return ROUTES.filter((route) => route.parentId === parentId).map((route) =>
    route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: fullTable(route.id) },
  )
}

const PATHS = [
  '/',
  '/about',
  '/ABOUT',
  '/%61bout',
  '//about',
  '/resources',
  '/resources/blog/a-post',
  '/resources/blog',
  '/Careers',
  '/careers',
  '/fr/docs',
  '/about/docs',
  '/files/a/b',
  '/admin',
  '/admin/login',
  '/admin/nope',
  '/no-such-page',
  '/%E0%A4%A',
]

describe('RouteMatcher', () => {
  it('reaches the routes React Router reaches with the whole table, from a part of it', () => {
    const matcher = new RouteMatcher(build)
    for (const path of PATHS) {
      const expected = matchRoutes(fullTable(undefined), path)?.map((match) => (match.route as Route).id) ?? null
      expect(matcher.match(path)?.routeIds ?? null, path).toEqual(expected)
    }
  })

  it("maps a data request to its page's routes", () => {
    const matcher = new RouteMatcher(build)
    expect(matcher.match('/resources/blog/a-post.data')).toMatchObject({
      data: true,
      routeIds: ['root', 'site', 'post'],
      pattern: '/resources/blog/:slug.data',
    })
    expect(matcher.match('/__manifest')).toBeNull()
  })
})
