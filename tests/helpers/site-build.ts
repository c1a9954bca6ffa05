// The built web app for integration tests: builds it once when its sources are newer than the build
// (as `npm start` does), then hands tests React Router's request handler for the server build, so
// they get exactly the HTML a visitor without JavaScript gets.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'

const buildEntry = path.join(repoRoot, 'build/server/index.js')
const inputs = ['src', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts']

function newest(target: string): number {
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), stat.mtimeMs)
}

function stale(): boolean {
  if (!existsSync(buildEntry)) return true
  const built = statSync(buildEntry).mtimeMs
  return inputs.some((input) => existsSync(path.join(repoRoot, input)) && newest(path.join(repoRoot, input)) > built)
}

/**
 * Whether this test run includes the site tests: a run without file filters (npm test) or one
 * naming a site test. Other runs do not pay for a build of the web app.
 */
export function runIncludesSiteTests(argv: string[] = process.argv): boolean {
  const filters = argv.slice(2).filter((arg) => !arg.startsWith('-') && arg !== 'run' && arg !== 'watch')
  return filters.length === 0 || filters.some((filter) => /site/.test(filter))
}

/**
 * Builds the web app when its sources are newer than the build. `react-router build` empties the
 * whole build/ directory, the local backend's bundle included, so this runs in the global setup
 * before that bundle is made (see tests/global-setup.ts), never while tests run backends.
 */
export function ensureBuilt(): void {
  if (!stale()) return
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: repoRoot,
    encoding: 'utf8',
    // Vitest sets NODE_ENV=test; the build must be the production one `npm start` would serve.
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) throw new Error(`react-router build failed:\n${result.stdout}\n${result.stderr}`)
}

export type SiteHandler = (pathAndQuery: string, init?: RequestInit) => Promise<Response>

/** The production request handler of the built app, answering for `origin`. */
export async function siteHandler(origin = 'http://localhost'): Promise<SiteHandler> {
  if (stale()) throw new Error('The web app build is older than its sources: run the site tests through vitest (its global setup builds it), or `npx react-router build`.')
  const build = (await import(pathToFileURL(buildEntry).href)) as ServerBuild
  const handle = createRequestHandler(build, 'production')
  return (pathAndQuery, init) => handle(new Request(new URL(pathAndQuery, origin), init))
}
