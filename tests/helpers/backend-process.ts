// Starts the real local backend (the bundle that npm start runs, built once by tests/global-setup.ts)
// as a child process on a free port with a temporary DATA_DIR, which starts as a copy of the migrated
// and seeded template (data-template.ts) when there is one. No client library here, so jsdom
// component tests start it the same way (local-backend.ts adds supabase-js clients on top).
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { launchBackend } from '../../local-supabase/launch.ts'
import { readKeys, type ProjectKeys } from '../../local-supabase/src/keys.ts'
import { copyDataTemplate } from './data-template.ts'
import { advanceBackendClock } from './test-clock.ts'

export const TEST_ADMIN = { email: 'admin@test.local', password: 'test-admin-password-1' }

export interface BackendProcess {
  url: string
  dataDir: string
  keys: ProjectKeys
  /** Everything the backend printed so far. */
  output(): string
  /** Process id of the running backend. */
  readonly pid: number
  /** SIGTERM and wait: the clean stop of Ctrl-C. */
  stop(): Promise<void>
  /** SIGKILL and wait: a crash. */
  kill(): Promise<void>
  /** Starts again on the same data directory (and port when possible). */
  restart(): Promise<void>
  /** Stops and deletes the data directory. */
  dispose(): Promise<void>
  /** The time the backend's TOTP clock reads (it runs with TEST_CLOCK=1; see advanceClock). */
  now(): number
  /** Moves the backend's TOTP clock forward, e.g. by TOTP_STEP_MS to the next step without waiting. */
  advanceClock(ms: number): Promise<void>
}

function launch(dataDir: string, port: number, env: NodeJS.ProcessEnv) {
  return launchBackend({
    // A test's backend lives for seconds. V8's optimizing tier for PGlite's WebAssembly costs about
    // half of a start's CPU (3.6 s against 1.8 s here) and pays back only over minutes of queries.
    nodeFlags: ['--liftoff-only'],
    env: {
      DATA_DIR: dataDir,
      SUPABASE_PORT: String(port),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_REQUESTS: '0',
      TEST_CLOCK: '1',
      // Accounts hashed at bcrypt's minimum cost, as GoTrue's own tests do: at Supabase's cost 10 a
      // sign-in or a new account costs 0.1 CPU-s. Tests of the hash itself ask for '0'.
      TEST_QUICK_HASH: '1',
      ...env,
    },
  })
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

async function templateCopy(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-test-'))
  await copyDataTemplate(dataDir)
  return dataDir
}

/**
 * Starts on a new temporary data directory (a copy of the template), or on `existingDataDir` (e.g.
 * one a restore made, or an empty one to see a first start as a user does).
 */
export async function startBackendProcess(env: NodeJS.ProcessEnv = {}, existingDataDir?: string): Promise<BackendProcess> {
  if (process.env.TEST_PROJECT === 'unit') {
    throw new Error('A unit test may not start a backend: put the file under tests/ (the integration project, see vitest.config.ts).')
  }
  const dataDir = existingDataDir ?? (await templateCopy())
  let running = await launch(dataDir, 0, env)
  const keys = await readKeys(dataDir)
  if (!keys) throw new Error('the backend started without writing its keys')
  let url = running.url
  let earlierOutput = ''
  let clockOffsetMs = 0

  const backend: BackendProcess = {
    get url() {
      return url
    },
    dataDir,
    keys,
    output: () => earlierOutput + running.output(),
    get pid() {
      return running.child.pid as number
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
      clockOffsetMs = 0
    },
    async dispose() {
      await backend.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
    now: () => Date.now() + clockOffsetMs,
    async advanceClock(ms: number) {
      await advanceBackendClock(url, keys.secretKey, ms)
      clockOffsetMs += ms
    },
  }
  return backend
}
