// Memory under distinct queries: thousands of anonymous reads, each with a
// different large filter tree, must not leave the backend holding a prepared statement and a plan
// for each. The backend's resident memory stays under 300 MB after 3,000 of them, and the queries
// that repeat are still answered.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'

let backend: LocalBackend

beforeAll(async () => {
  backend = await startLocalBackend()
  // Measured as a server normally runs: on an existing data directory, not in the process that just
  // applied the migrations and seed (whose WebAssembly memory keeps that peak).
  await backend.restart()
})

afterAll(async () => {
  await backend?.dispose()
})

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024)
}

/** The i-th query: a filter tree whose shape (and so whose SQL) differs from every other one. */
function distinctQuery(i: number): string {
  const conditions: string[] = []
  const size = 60 + (i % 40)
  for (let k = 0; k < size; k++) {
    const col = (i >> (k % 12)) & 1 ? 'slug' : 'title'
    const op = (i >> ((k + 5) % 12)) & 1 ? 'eq' : 'neq'
    conditions.push(`${col}.${op}.v${k}`)
  }
  return `/rest/v1/blog_posts?select=slug&or=(${conditions.join(',')})&limit=1`
}

describe('memory under distinct queries', () => {
  it('stays under 300 MB after 3,000 distinct large queries', async () => {
    const headers = { apikey: backend.keys.anonKey }
    const atStart = await rssMb(backend.pid)
    let next = 0
    const statuses = new Map<number, number>()
    const worker = async () => {
      while (next < 3_000) {
        const i = next++
        const response = await fetch(`${backend.url}${distinctQuery(i)}`, { headers })
        await response.arrayBuffer()
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
      }
    }
    await Promise.all([worker(), worker(), worker(), worker()])
    expect(Object.fromEntries(statuses)).toEqual({ 200: 3_000 })
    const rss = await rssMb(backend.pid)
    console.log(`backend RSS: ${atStart} MB at start, ${rss} MB after 3,000 distinct large queries`)
    expect(rss).toBeLessThan(300)
    const repeated = await fetch(`${backend.url}${distinctQuery(7)}`, { headers })
    expect(repeated.status).toBe(200)
  }, 600_000)
})
