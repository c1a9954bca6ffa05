// Runs the product the way the README says, `npm start` (scripts/start.ts), on free ports with a
// temporary DATA_DIR, and tells the browser tests where the site is. With `apiOrigin: 'own'` it runs
// it as a hosted deployment does instead: the backend started on its own (as a hosted project
// stands apart) and `npm start` pointed at it with SUPABASE_URL, so the browser reaches the APIs on
// their own origin, not through the site's.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { bundleBackend } from '../../../local-supabase/build.ts'
import { launchBackend } from '../../../local-supabase/launch.ts'
import { repoRoot } from '../../../local-supabase/src/bootstrap.ts'
import { READY_PREFIX } from '../../../local-supabase/src/config.ts'
import { readKeys } from '../../../local-supabase/src/keys.ts'
import buildWhatTestsStart from '../../global-setup.ts'
import { copyDataTemplate } from '../../helpers/data-template.ts'
import { freePort } from '../../../scripts/lib/free-port.ts'

/** One running product: the site, its local backend and its DATA_DIR. */
export interface Product {
  siteUrl: string
  /** The product's local backend, for tests that arrange data as staff would (service role). */
  backend: { url: string; anonKey: string; serviceRoleKey: string } | undefined
  /** The product's DATA_DIR, where e-mails land as .eml files (mail/) without SMTP. */
  dataDir: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One product per worker (support/product.ts picks a file's by its worker). */
    products: Product[]
  }
}

async function waitForSite(url: string, isRunning: () => boolean): Promise<void> {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (!isRunning()) throw new Error('npm start exited before the site answered')
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the site did not answer on ${url} within 3 minutes`)
}

function stop(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<unknown> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  return exited
}

export interface ServeOptions {
  /** Where the browser reaches the Supabase APIs: through the site (`npm start`'s way) or on their own origin. */
  apiOrigin: 'site' | 'own'
}

async function startProduct({ apiOrigin }: ServeOptions, fromTemplate: boolean): Promise<{ product: Product; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-data-'))
  if (fromTemplate) await copyDataTemplate(dataDir)
  const port = await freePort()
  // Accounts hashed at bcrypt's minimum cost (TEST_QUICK_HASH), as the Node tests' backends do.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SUPABASE_PORT: '0',
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
    TEST_CLOCK: '1',
    TEST_QUICK_HASH: '1',
  }
  let backend: ChildProcess | undefined
  let backendUrl: string | undefined
  if (apiOrigin === 'own') {
    await bundleBackend()
    const launched = await launchBackend({ env })
    backend = launched.child
    backendUrl = launched.url
    const keys = await readKeys(dataDir)
    if (!keys) throw new Error('the backend wrote no keys')
    Object.assign(env, { SUPABASE_URL: backendUrl, SUPABASE_PUBLISHABLE_KEY: keys.publishableKey, SUPABASE_SECRET_KEY: keys.secretKey })
  }
  let output = ''
  const product = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  product.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  product.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const siteUrl = `http://localhost:${port}`
  try {
    await waitForSite(siteUrl, () => product.exitCode === null)
  } catch (error) {
    await Promise.all([stop(product, 'SIGINT'), stop(backend, 'SIGTERM')])
    throw new Error(`${(error as Error).message}\n${output}`)
  }
  backendUrl ??= output
    .split('\n')
    .find((line) => line.startsWith(READY_PREFIX))
    ?.slice(READY_PREFIX.length)
    .trim()
  const keys = await readKeys(dataDir)
  return {
    product: { siteUrl, dataDir, backend: backendUrl && keys ? { url: backendUrl, anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey } : undefined },
    stop: async () => {
      // Ctrl-C stops the web server (and the backend `npm start` started); a separate backend after it.
      await stop(product, 'SIGINT')
      await stop(backend, 'SIGTERM')
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Starts one product per worker of the run (`maxWorkers`), side by side: each worker's files run one
 * after another against their own site, database and clock, as a single worker's always did. The
 * first starts on an empty DATA_DIR, as a user's first `npm start` does (initdb, every migration);
 * the others on a copy of the Node tests' migrated template (tests/helpers/data-template.ts), which
 * spares each about 6 CPU-s.
 */
export async function serve(project: TestProject, options: ServeOptions): Promise<() => Promise<void>> {
  const count = Math.max(1, project.config.maxWorkers)
  // The Node tests' global setup builds the template (after the builds it needs).
  if (count > 1) await buildWhatTestsStart()
  const started = await Promise.allSettled(Array.from({ length: count }, (_, index) => startProduct(options, index > 0)))
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stopAll = async () => {
    await Promise.all(running.map((each) => each.stop()))
  }
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await stopAll()
    throw failed.reason
  }
  project.provide(
    'products',
    running.map((each) => each.product),
  )
  return stopAll
}

export default function serveProduct(project: TestProject): Promise<() => Promise<void>> {
  return serve(project, { apiOrigin: 'site' })
}
