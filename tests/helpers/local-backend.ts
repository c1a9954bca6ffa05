// Starts the real local backend (the bundle that npm start runs, built once by tests/global-setup.ts)
// as a child process on a free port with a temporary DATA_DIR, and hands tests real supabase-js
// clients for it.
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type RealtimeClientOptions, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { launchBackend } from '../../local-supabase/launch.ts'
import { readKeys, type ProjectKeys } from '../../local-supabase/src/keys.ts'

export const TEST_ADMIN = { email: 'admin@test.local', password: 'test-admin-password-1' }

export interface LocalBackend {
  url: string
  dataDir: string
  keys: ProjectKeys
  /** Everything the backend printed so far. */
  output(): string
  /** Process id of the running backend. */
  readonly pid: number
  anon(): SupabaseClient
  service(): SupabaseClient
  /** A fresh client signed in with email and password. */
  signIn(email: string, password: string): Promise<SupabaseClient>
  /** SIGTERM and wait: the clean stop of Ctrl-C. */
  stop(): Promise<void>
  /** SIGKILL and wait: a crash. */
  kill(): Promise<void>
  /** Starts again on the same data directory (and port when possible). */
  restart(): Promise<void>
  /** Stops and deletes the data directory. */
  dispose(): Promise<void>
}

// Node 20 has no global WebSocket, which supabase-js requires when it builds a client (realtime is
// unused). `ws` implements the same API; only its constructor's typing differs.
const transport = WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']>

function clientFor(url: string, key: string): SupabaseClient {
  return createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport } })
}

function launch(dataDir: string, port: number, env: NodeJS.ProcessEnv) {
  return launchBackend({
    env: {
      DATA_DIR: dataDir,
      SUPABASE_PORT: String(port),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_REQUESTS: '0',
      ...env,
    },
  })
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/** Starts on a new temporary data directory, or on `existingDataDir` (e.g. one a restore made). */
export async function startLocalBackend(env: NodeJS.ProcessEnv = {}, existingDataDir?: string): Promise<LocalBackend> {
  const dataDir = existingDataDir ?? (await mkdtemp(path.join(tmpdir(), 'local-supabase-test-')))
  let running = await launch(dataDir, 0, env)
  const keys = await readKeys(dataDir)
  if (!keys) throw new Error('the backend started without writing its keys')
  let url = running.url
  let earlierOutput = ''

  const backend: LocalBackend = {
    get url() {
      return url
    },
    dataDir,
    keys,
    output: () => earlierOutput + running.output(),
    get pid() {
      return running.child.pid as number
    },
    anon: () => clientFor(url, keys.anonKey),
    service: () => clientFor(url, keys.serviceRoleKey),
    async signIn(email, password) {
      const client = clientFor(url, keys.anonKey)
      const { error } = await client.auth.signInWithPassword({ email, password })
      if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`)
      return client
    },
    async stop() {
      running.child.kill('SIGTERM')
      await waitForExit(running.child)
    },
    async kill() {
      running.child.kill('SIGKILL')
      await waitForExit(running.child)
    },
    async restart() {
      await backend.stop()
      earlierOutput += running.output()
      running = await launch(dataDir, Number(new URL(url).port), env)
      url = running.url
    },
    async dispose() {
      await backend.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
  return backend
}
