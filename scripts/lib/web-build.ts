// The web app's production build (react-router build) and the web server's bundle, made only when
// their sources changed. `npm start`, the site benchmark and the server tests share this, and a
// lock directory keeps two of them from building at the same time.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'
import { bundleBackend } from '../../local-supabase/build.ts'
import { bundleWebServer, webServerEntry } from '../../server/bundle.ts'
import { precompressStaticFiles } from '../../server/static-files.ts'

export const buildDir = path.join(repoRoot, 'build')

// The Node flags the web server runs with (`npm start`, the benchmarks). A young generation of 32 MB
// a half-space (V8's default is 16): every request leaves short-lived objects behind, and with the
// larger space the scavenges that collect them cost half the CPU per request (minor GC 20 µs → 10 µs
// a request at 3,000 requests/s), and the event loop stops for them less often.
export const WEB_SERVER_NODE_FLAGS = ['--max-semi-space-size=32']
const buildEntry = path.join(buildDir, 'server/index.js')
const buildInputs = ['src', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts']
// Outside build/, which react-router build empties.
const lockDir = path.join(repoRoot, 'node_modules/.cache/web-build.lock')

function newestChange(target: string): number {
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestChange(path.join(target, name))), stat.mtimeMs)
}

/** Whether the web app's build is missing or older than its sources. */
export function appBuildIsStale(): boolean {
  if (!existsSync(buildEntry)) return true
  const built = statSync(buildEntry).mtimeMs
  return buildInputs.some((input) => {
    const full = path.join(repoRoot, input)
    return existsSync(full) && newestChange(full) > built
  })
}

async function withLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(path.dirname(lockDir), { recursive: true })
  const deadline = Date.now() + 10 * 60_000
  for (;;) {
    try {
      mkdirSync(lockDir)
      break
    } catch {
      // A lock older than ten minutes was left by a build that died.
      if (existsSync(lockDir) && Date.now() - statSync(lockDir).mtimeMs > 10 * 60_000) rmSync(lockDir, { recursive: true, force: true })
      if (Date.now() > deadline) throw new Error(`another build holds ${lockDir}`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  try {
    return await work()
  } finally {
    rmSync(lockDir, { recursive: true, force: true })
  }
}

/** Builds the app when stale and bundles the web server; returns the server's entry file. */
export function ensureWebBuild(options: { quiet?: boolean } = {}): Promise<string> {
  return withLock(async () => {
    if (appBuildIsStale()) {
      if (!options.quiet) console.log('Building the web app…')
      const started = performance.now()
      // Warnings and errors only: the list of every emitted file tells the person starting the site nothing.
      const build = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/@react-router/dev/bin.js'), 'build', '--logLevel', 'warn'], {
        cwd: repoRoot,
        // Vite keeps an inherited NODE_ENV (vitest sets "test"), which would bundle React's
        // development build into the production site.
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: options.quiet ? 'pipe' : 'inherit',
      })
      if (build.status !== 0) {
        throw new Error(`react-router build failed (exit ${build.status})${options.quiet ? `:\n${build.stdout}\n${build.stderr}` : ''}`)
      }
      // The browser files' gzip and brotli forms, made once here so the web server never makes them.
      await precompressStaticFiles(path.join(buildDir, 'client'))
      // react-router build empties build/, the local backend's bundle included: put it back.
      await bundleBackend()
      if (!options.quiet) console.log(`Built the web app in ${((performance.now() - started) / 1000).toFixed(1)} s.`)
    }
    await bundleWebServer()
    return webServerEntry
  })
}
