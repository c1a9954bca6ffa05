// Which route of the app a request reaches, decided as React Router decides it (its own matchRoutes
// over the build's route table: case-insensitive, after decoding, `.data` requests mapped to their
// page), so what the web server does with a request (share a render, cap a body) follows the route
// and not the spelling of its path. Routes describe themselves in `handle` (src/lib/server-hints.ts).
//
// matchRoutes flattens and ranks the whole route table on every call (about half a millisecond for
// this app's 66 routes, ten times what serving a cached page costs), so each path's answer is
// remembered (the table is fixed at start); a bounded number of paths, the oldest forgotten first,
// so a flood of invented paths cannot keep memory. A path not met before is matched against only
// the routes its first segment could reach: the table cut at start into one part per fixed first
// segment (/resources, /admin, …), each with the routes whose first segment is a parameter or a
// splat, so a flood of invented paths costs a fraction of the whole table each.
import { matchRoutes, type ServerBuild } from 'react-router'
import type { ServerHints } from '../src/lib/server-hints.ts'

interface RouteNode {
  id: string
  path?: string
  index?: boolean
  caseSensitive?: boolean
  children: RouteNode[]
}

export interface RouteMatch {
  /** A `.data` request (React Router's loader or action data for the page), not the document. */
  data: boolean
  /** The path the router matched, with `.data` taken off. */
  pathname: string
  /** The matched routes' ids, root first. */
  routeIds: string[]
  /** The leaf route's path pattern (`/resources/blog/:slug`), `.data` added for a data request. */
  pattern: string
  /** Every visitor without a session gets the same render. */
  sharedRender: boolean
  /** The leaf route renders the same page for every path it answers. */
  samePageForEveryPath: boolean
  /** The query parameters the matched routes' loaders read, sorted. */
  queryParams: readonly string[]
  /** The largest body the leaf route's action takes, when it says. */
  maxBodyBytes: number | undefined
}

function hintsOf(handle: unknown): ServerHints {
  if (typeof handle !== 'object' || handle === null) return {}
  const { sharedRender, samePageForEveryPath, queryParams, maxBodyBytes } = handle as Record<string, unknown>
  return {
    sharedRender: typeof sharedRender === 'boolean' ? sharedRender : undefined,
    samePageForEveryPath: samePageForEveryPath === true,
    queryParams: Array.isArray(queryParams) ? queryParams.filter((name): name is string => typeof name === 'string') : undefined,
    maxBodyBytes: typeof maxBodyBytes === 'number' && maxBodyBytes > 0 ? maxBodyBytes : undefined,
  }
}

// Far more than the site's distinct public paths; each entry is a few hundred bytes.
const REMEMBERED_PATHS = 2000

/** The first segment of a route pattern or a path ('' for '/'). */
const firstSegment = (path: string) => path.split('/').find((segment) => segment !== '') ?? ''

/** A pattern segment that more than one written segment matches: a parameter, a splat, an optional segment. */
const matchesMany = (segment: string) => segment.startsWith(':') || segment.includes('*') || segment.includes('?')

/** The routes of `tree` that `keep` accepts, with their ancestors, in their order (React Router ranks ties by it). */
function pruned(tree: readonly RouteNode[], keep: (node: RouteNode) => boolean): RouteNode[] {
  return tree.flatMap((node) => {
    const children = pruned(node.children, keep)
    return keep(node) || children.length > 0 ? [{ ...node, children }] : []
  })
}

export class RouteMatcher {
  /** The routes a path can reach, by its first segment (lower case); `other` for a first segment no route names. */
  private readonly bySegment = new Map<string, RouteNode[]>()
  private readonly otherSegments: RouteNode[]
  private readonly remembered = new Map<string, Readonly<RouteMatch> | null>()
  private readonly hints = new Map<string, ServerHints>()
  private readonly patterns = new Map<string, string>()

  constructor(private readonly build: ServerBuild) {
    const nodes = new Map<string, RouteNode>()
    for (const route of Object.values(build.routes)) {
      if (!route) continue
      nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: [] })
      this.hints.set(route.id, hintsOf(route.module.handle))
    }
    const tree: RouteNode[] = []
    for (const route of Object.values(build.routes)) {
      if (!route) continue
      const node = nodes.get(route.id)!
      const parent = route.parentId ? nodes.get(route.parentId) : undefined
      if (parent) parent.children.push(node)
      else tree.push(node)
    }
    const patternOf = (id: string): string => {
      const known = this.patterns.get(id)
      if (known !== undefined) return known
      const route = build.routes[id]
      const parent = route?.parentId ? patternOf(route.parentId) : ''
      const own = route?.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent || '/'
      this.patterns.set(id, own)
      return own
    }
    for (const id of nodes.keys()) patternOf(id)
    const first = (node: RouteNode) => firstSegment(this.patterns.get(node.id) ?? '')
    const fixed = new Set([...nodes.values()].map(first).filter((segment) => !matchesMany(segment)))
    for (const segment of fixed) {
      const lower = segment.toLowerCase()
      this.bySegment.set(
        lower,
        pruned(tree, (node) => matchesMany(first(node)) || first(node).toLowerCase() === lower),
      )
    }
    this.otherSegments = pruned(tree, (node) => matchesMany(first(node)))
  }

  /** The part of the route table a path whose first segment is `segment` can reach. */
  private routesFor(routePath: string): RouteNode[] {
    let segment = firstSegment(routePath)
    try {
      segment = decodeURIComponent(segment)
    } catch {
      // React Router matches a malformed escape as it is written.
    }
    return this.bySegment.get(segment.toLowerCase()) ?? this.otherSegments
  }

  /** The routes `pathname` reaches, or null (React Router's own manifest endpoint, or nothing). */
  match(pathname: string): Readonly<RouteMatch> | null {
    const known = this.remembered.get(pathname)
    if (known !== undefined) return known
    const found = this.matchNow(pathname)
    if (this.remembered.size >= REMEMBERED_PATHS) this.remembered.delete(this.remembered.keys().next().value as string)
    this.remembered.set(pathname, found)
    return found
  }

  private matchNow(pathname: string): RouteMatch | null {
    const { routeDiscovery, future } = this.build
    if (routeDiscovery.mode === 'lazy' && pathname === routeDiscovery.manifestPath) return null
    let routePath = pathname
    const data = pathname.endsWith('.data')
    if (data) {
      // As React Router maps a data request to its page (getNormalizedPath in react-router).
      if (future.v8_trailingSlashAwareDataRequests) {
        routePath = pathname.endsWith('/_.data') ? pathname.slice(0, -'_.data'.length) : pathname.slice(0, -'.data'.length)
      } else {
        routePath = pathname === '/_root.data' ? '/' : pathname.slice(0, -'.data'.length)
        if (routePath !== '/' && routePath.endsWith('/')) routePath = routePath.slice(0, -1)
      }
    }
    const matches = matchRoutes(this.routesFor(routePath) as Parameters<typeof matchRoutes>[0], routePath)
    if (!matches || matches.length === 0) return null
    const routeIds = matches.map((m) => (m.route as RouteNode).id)
    const hints = routeIds.map((id) => this.hints.get(id) ?? {})
    const queryParams = new Set(hints.flatMap((h) => h.queryParams ?? []))
    return {
      data,
      pathname: routePath,
      routeIds,
      pattern: `${this.patterns.get(routeIds[routeIds.length - 1]) ?? '/'}${data ? '.data' : ''}`,
      sharedRender: hints.findLast((h) => h.sharedRender !== undefined)?.sharedRender === true,
      samePageForEveryPath: hints[hints.length - 1].samePageForEveryPath === true,
      queryParams: [...queryParams].sort(),
      maxBodyBytes: hints[hints.length - 1].maxBodyBytes,
    }
  }
}
