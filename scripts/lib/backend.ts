// How the run commands find their Supabase: a hosted project when SUPABASE_URL is set, otherwise
// the local backend started as a child process (its URL and keys read back from DATA_DIR).
import { spawn, type ChildProcess } from 'node:child_process'
import { bundleBackend } from '../../local-supabase/build.ts'
import { launchBackend } from '../../local-supabase/launch.ts'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'
import { loadDotEnv, resolveDataDir } from '../../local-supabase/src/config.ts'
import { readKeys } from '../../local-supabase/src/keys.ts'
import { publishableKeyOf } from '../../src/lib/project-keys.ts'

export interface SupabaseTarget {
  url: string
  /** The local backend's publishable and secret keys (the web server's chores use the secret one;
   * it is never handed to a browser build). A hosted project's come from the environment as set. */
  keys?: { publishable: string; secret: string }
  /** The local backend's process, when this run started one. */
  child?: ChildProcess
}

export async function resolveSupabase(): Promise<SupabaseTarget> {
  loadDotEnv()
  const hostedUrl = process.env.SUPABASE_URL ?? process.env.VITE_SUPABASE_URL
  if (hostedUrl) {
    if (!publishableKeyOf()) throw new Error('SUPABASE_URL is set: set SUPABASE_PUBLISHABLE_KEY (the project publishable key) too')
    console.log(`Using the Supabase project at ${hostedUrl}; no local backend is started.`)
    return { url: hostedUrl }
  }
  return startLocalBackend()
}

async function startLocalBackend(): Promise<SupabaseTarget> {
  await bundleBackend()
  const { child, url } = await launchBackend({ echo: true })
  const keys = await readKeys(resolveDataDir())
  if (!keys) throw new Error('The local backend started without writing its keys')
  return { url, keys: { publishable: keys.publishableKey, secret: keys.secretKey }, child }
}

/**
 * Runs `command` beside the backend. Ctrl-C (which the terminal sends to every process of the
 * group) or SIGTERM stops both cleanly and exits 0; if either stops on its own, the other is stopped
 * too and the exit code tells whether that was a failure.
 */
export function runBeside(target: SupabaseTarget, command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const web = spawn(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, SUPABASE_URL: target.url, ...(target.keys ? { SUPABASE_PUBLISHABLE_KEY: target.keys.publishable } : {}), ...env },
  })
  const children = [web, target.child].filter((c): c is ChildProcess => c !== undefined)
  const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null
  let stopping = false
  let exitCode = 0
  const stopAll = () => {
    stopping = true
    for (const child of children) if (running(child)) child.kill('SIGTERM')
  }
  for (const child of children) {
    child.once('exit', (code, signal) => {
      // A child that ends while nobody asked it to is a failure, even when it exits 0.
      if (!stopping) exitCode = code || (signal ? 1 : exitCode) || 1
      else if (code) exitCode = code
      stopAll()
      if (!children.some(running)) process.exit(exitCode)
    })
  }
  const onSignal = () => {
    if (!stopping) console.log('\nStopping…')
    stopAll()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}
