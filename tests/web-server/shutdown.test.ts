// `npm start` and Ctrl-C, as a person at a terminal does it: the terminal sends SIGINT to every
// process of the foreground group; the site and the backend stop cleanly, no stack trace, exit 0.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, it, vi } from 'vitest'
import { repoRoot } from '../../local-supabase/src/bootstrap'
import { copyDataTemplate } from '../helpers/data-template'

it('stops the site and the backend on Ctrl-C without an error', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shutdown-test-'))
  // A migrated database to start from: what is under test is the stop, not a first start.
  expect(await copyDataTemplate(dataDir)).toBe(true)
  const start = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', SUPABASE_PORT: '0', DATA_DIR: dataDir, LOG_REQUESTS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, like a terminal's foreground job
  })
  let output = ''
  start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  start.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  try {
    const siteUrl = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /Web server listening on (http:\/\/[^\s"]+)/.exec(output)
        if (match) {
          clearInterval(timer)
          resolve(match[1])
        }
      }, 200)
      start.once('exit', () => {
        clearInterval(timer)
        reject(new Error(`npm start exited early:\n${output}`))
      })
    })
    expect((await fetch(`${siteUrl}/healthz`)).status).toBe(200)

    const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)))
    process.kill(-start.pid!, 'SIGINT')
    expect(await exited).toBe(0)
    // Every process of the group is gone (waited for: one may still be exiting when npm has).
    await vi.waitFor(() => expect(() => process.kill(-start.pid!, 0)).toThrow(), { timeout: 5000, interval: 50 })
    expect(output).not.toMatch(/ERR_SERVER_NOT_RUNNING|\n\s+at .+\(.+:\d+:\d+\)/)
    await expect(fetch(`${siteUrl}/healthz`)).rejects.toThrow()
  } finally {
    try {
      process.kill(-start.pid!, 'SIGKILL')
    } catch {
      // already stopped
    }
    await rm(dataDir, { recursive: true, force: true })
  }
})
