// Placeholder until the rest API lands: every route answers 501 so nothing pretends to work.
import { Hono } from 'hono'
import type { BackendDeps } from '../deps.ts'

export function createRestRoutes(_deps: BackendDeps): Hono {
  const routes = new Hono()
  routes.all('*', (c) => c.json({ message: 'The local rest API is not implemented yet' }, 501))
  return routes
}
