// The built web app for integration tests (the global setup builds it when its sources changed, as
// `npm start` does): React Router's request handler for the server build, so tests get exactly the
// HTML a visitor without JavaScript gets.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'
import { appBuildIsStale } from '../../scripts/lib/web-build.ts'
import type { LocalBackend } from './local-backend'

const buildEntry = path.join(repoRoot, 'build/server/index.js')

export type SiteHandler = (pathAndQuery: string, init?: RequestInit) => Promise<Response>

/** The production request handler of the built app, answering for `origin`. */
export async function siteHandler(origin = 'http://localhost'): Promise<SiteHandler> {
  if (appBuildIsStale())
    throw new Error('The web app build is older than its sources: run the site tests through vitest (its global setup builds it), or `npx react-router build`.')
  const build = (await import(pathToFileURL(buildEntry).href)) as ServerBuild
  const handle = createRequestHandler(build, 'production')
  return (pathAndQuery, init) => handle(new Request(new URL(pathAndQuery, origin), init))
}

/** The built app reading from `backend`, as a site at `siteUrl` (its absolute URLs start with it). */
export async function siteOnBackend(backend: LocalBackend, siteUrl = 'https://www.ledgerfield.test'): Promise<SiteHandler> {
  process.env.SUPABASE_URL = backend.url
  process.env.SUPABASE_ANON_KEY = backend.keys.anonKey
  process.env.SITE_URL = siteUrl
  return siteHandler()
}
