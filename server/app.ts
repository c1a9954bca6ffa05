// The production web server: React Router's request handler mounted in Hono, composed of one
// middleware or sub-app per concern, in the order a request meets them. The parts they share (the
// page cache, the budgets, the renderer) are built once by createServerParts (server-parts.ts);
// `npm start` runs it (main.ts).
//
// Every absolute URL the app renders starts with one origin fixed before the first request
// (SITE_URL, or http://localhost:PORT), handed to the app in the request context, and a post must
// come from that origin (origin-check.ts).
import { Hono } from 'hono'
import { apiProxy } from './api-proxy.ts'
import { answerUncaughtError, envelope } from './envelope.ts'
import { formPosts } from './form-posts.ts'
import { operations } from './operations.ts'
import { pages } from './pages.ts'
import { redirectToNormalForm } from './path-normal-form.ts'
import type { ServerParts } from './server-parts.ts'
import type { SiteEnv } from './site-env.ts'

export function createSiteApp(parts: ServerParts): Hono<SiteEnv> {
  const { config } = parts
  const app = new Hono<SiteEnv>()
  app.use('*', envelope({ config, security: parts.security }))
  app.onError(answerUncaughtError)
  app.use('*', redirectToNormalForm)
  app.route('/', operations(config))
  if (config.SUPABASE_PROXY) app.route('/', apiProxy(config))
  // Every GET and HEAD left ends in pages, so what reaches form posts is any other method.
  app.route('/', pages(parts))
  app.route('/', formPosts({ ...parts, trustProxy: config.TRUST_PROXY }))
  return app
}
