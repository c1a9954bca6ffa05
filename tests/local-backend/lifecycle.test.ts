// The local backend as a process: its keys, restarts, crashes and the status command.
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'
import type { ProjectKeys } from '../../local-supabase/src/keys.ts'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'

let backend: LocalBackend

// A user's first start: an empty DATA_DIR that the backend migrates and seeds itself (other tests
// start from a copy of the template), and no test clock.
beforeAll(async () => {
  backend = await startLocalBackend({ TEST_CLOCK: '' }, await mkdtemp(path.join(tmpdir(), 'local-supabase-first-start-')))
})

afterAll(async () => {
  await backend?.dispose()
})

async function clientNames(prefix: string): Promise<Set<string>> {
  const { data, error } = await backend.service().from('clients').select('name').like('name', `${prefix}%`)
  if (error) throw new Error(error.message)
  return new Set(data.map((row: { name: string }) => row.name))
}

describe('the local backend process', () => {
  it('generates its keys into DATA_DIR and announces its URL and public keys', async () => {
    const stored = JSON.parse(await readFile(path.join(backend.dataDir, 'keys.json'), 'utf8')) as ProjectKeys
    expect(stored.jwtSecret.length).toBeGreaterThanOrEqual(40)
    expect(stored.anonKey).toBe(backend.keys.anonKey)
    expect(stored.publishableKey).toBe(backend.keys.publishableKey)
    expect(stored.signingKeys.map((key) => key.status)).toEqual(['current'])
    expect(backend.output()).toContain(`PUBLISHABLE_KEY=${backend.keys.publishableKey}`)
    expect(backend.output()).toContain(`ANON_KEY=${backend.keys.anonKey}`)
    // Only its owner may read the file, and no secret of this instance is in the repository.
    expect((await stat(path.join(backend.dataDir, 'keys.json'))).mode & 0o077).toBe(0)
    for (const secret of [stored.jwtSecret, stored.secretKey, stored.signingKeys[0].jwk.d]) {
      const tracked = spawnSync('git', ['grep', '-l', '-F', secret], { cwd: repoRoot, encoding: 'utf8' })
      expect(tracked.stdout).toBe('')
    }
  })

  it('has no test clock unless started with TEST_CLOCK=1, even for the service-role key', async () => {
    const response = await fetch(`${backend.url}/test/v1/clock`, {
      method: 'POST',
      headers: { apikey: backend.keys.serviceRoleKey, 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 30_000 }),
    })
    expect(response.status).toBe(404)
  })

  it('serves the seeded solutions to the anon key', async () => {
    const { data, error } = await backend.anon().from('solutions').select('slug').order('slug')
    expect(error).toBeNull()
    expect(data?.map((row) => row.slug)).toEqual(['ai', 'banking', 'custom', 'edu', 'hr', 'irepay'])
  })

  it('prints its URL and keys in env format with npm run status', () => {
    const status = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/status.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: backend.dataDir, SUPABASE_PORT: new URL(backend.url).port },
      encoding: 'utf8',
    })
    expect(status.status).toBe(0)
    expect(status.stdout.trim().split('\n')).toEqual([
      `API_URL=${backend.url}`,
      `PUBLISHABLE_KEY=${backend.keys.publishableKey}`,
      `SECRET_KEY=${backend.keys.secretKey}`,
      `ANON_KEY=${backend.keys.anonKey}`,
      `SERVICE_ROLE_KEY=${backend.keys.serviceRoleKey}`,
    ])
  })

  it('keeps every row and its keys across a clean restart, without seeding again', async () => {
    const { error } = await backend.service().from('clients').insert({ name: 'Restart Check Bank', icon: 'Anchor' })
    expect(error).toBeNull()
    const { count: solutionsBefore } = await backend.anon().from('solutions').select('*', { count: 'exact', head: true })

    await backend.restart()

    expect(await clientNames('Restart Check')).toEqual(new Set(['Restart Check Bank']))
    const { count: solutionsAfter } = await backend.anon().from('solutions').select('*', { count: 'exact', head: true })
    expect(solutionsAfter).toBe(solutionsBefore)
    expect(JSON.parse(await readFile(path.join(backend.dataDir, 'keys.json'), 'utf8')).anonKey).toBe(backend.keys.anonKey)
  })

  it('loses no acknowledged write when killed in the middle of a burst, and opens again', async () => {
    const acknowledged: string[] = []
    let stop = false
    const writer = async (lane: number) => {
      for (let i = 0; !stop; i++) {
        const name = `Crash Check ${lane}-${i}`
        const { error } = await backend.service().from('clients').insert({ name, icon: 'Zap' })
        if (error) return // the process is gone
        acknowledged.push(name)
      }
    }
    const writers = [0, 1, 2, 3].map((lane) => writer(lane).catch(() => undefined))
    // Kill once the burst is well under way (each write waits for its fsync; a busy machine is slow).
    for (let waited = 0; acknowledged.length < 20 && waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await backend.kill()
    stop = true
    await Promise.all(writers)
    expect(acknowledged.length).toBeGreaterThan(10)

    await backend.restart()

    const stored = await clientNames('Crash Check')
    const lost = acknowledged.filter((name) => !stored.has(name))
    expect(lost).toEqual([])
  })

  // db:reset migrates an empty data directory from scratch: a minute or more on a busy machine.
  it('npm run db:reset refuses while the backend runs, then empties and re-seeds, keeping the keys', { timeout: 240_000 }, async () => {
    const reset = () =>
      // V8's baseline compiler for PGlite, as test backends run (a script lives for seconds).
      spawnSync(process.execPath, ['--liftoff-only', '--import', 'tsx', 'scripts/db-reset.ts'], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: backend.dataDir, SUPABASE_PORT: new URL(backend.url).port },
        encoding: 'utf8',
      })
    const refused = reset()
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain('stop it')

    await backend.stop()
    const done = reset()
    expect(done.status, done.stderr).toBe(0)
    await backend.restart()

    expect(await clientNames('Restart Check')).toEqual(new Set())
    const { data } = await backend.anon().from('solutions').select('slug')
    expect(data).toHaveLength(6)
    expect(JSON.parse(await readFile(path.join(backend.dataDir, 'keys.json'), 'utf8')).anonKey).toBe(backend.keys.anonKey)
  })
})
