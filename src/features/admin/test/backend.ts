// Starts the bundled local backend (built by tests/global-setup.ts) for a component test. It spawns
// the bundle itself instead of using tests/helpers/local-backend.ts, because that module pulls in
// esbuild, which refuses to load under jsdom.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const TEST_ADMIN = { email: 'admin@test.local', password: 'test-admin-password-1' }
const READY_PREFIX = 'Local Supabase API ready at '
const repoRoot = path.resolve(import.meta.dirname, '../../../..')

export interface TestBackend {
  url: string
  anonKey: string
  serviceRoleKey: string
  jwtSecret: string
  dispose(): Promise<void>
}

export async function startTestBackend(): Promise<TestBackend> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'admin-component-test-'))
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'build/local-supabase/main.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SUPABASE_PORT: '0',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const line = output.split('\n').find((l) => l.startsWith(READY_PREFIX))
      if (line) resolve(line.slice(READY_PREFIX.length).trim())
    })
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`the backend exited (${code}) before it was ready:\n${output}`)))
  })
  const keys = JSON.parse(await readFile(path.join(dataDir, 'keys.json'), 'utf8')) as {
    anonKey: string
    serviceRoleKey: string
    jwtSecret: string
  }
  return {
    url,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    jwtSecret: keys.jwtSecret,
    async dispose() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
