// What a request costs the web server's own CPU, against a static file's: a cached page (plain, and
// with a tracking parameter) and a page asked for under a Host that is new on every request must
// each cost at most twice a static file. CPU time of the server process (/proc), not requests per
// second, so other programs on the machine hardly move it; the load generator runs in this process.
// Rounds are taken in turn, after a warm-up; each kind's ratio is the median of its rounds' ratios
// to the static file measured in the same round.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { driveLoad, median, type LoadTarget } from '../helpers/server-cpu'
import { startRelay, startSite, type Relay, type SiteServer } from '../helpers/site-server'

const ROUNDS = 5
// Each round of a kind lasts about this much of the server's CPU: /proc counts in 10 ms ticks, so
// a reading is within 4% of it, whatever a request costs on the machine that runs the test.
const CPU_MS_PER_ROUND = 250
const WARM_UP_REQUESTS = 500
const MAX_RATIO = 2

let backend: LocalBackend
let relay: Relay
let site: SiteServer

beforeAll(async () => {
  backend = await startLocalBackend()
  relay = await startRelay(backend)
  // Pages kept for a minute: each kind's figure is the cost of answering it, not of re-rendering a
  // page every second at whatever rate this machine sustains.
  site = await startSite(relay.url, backend.keys.anonKey, { SUPABASE_PROXY: '1', PAGE_CACHE_MS: '60000' })
}, 300_000)

afterAll(async () => {
  await site?.stop()
  await relay?.close()
  await backend?.dispose()
})

const BROWSER = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br' }

const targets: Record<string, LoadTarget> = {
  'static file': { path: '/favicon.svg', headers: BROWSER },
  'cached page': { path: '/', headers: BROWSER },
  'cached page with a tracking parameter': { path: '/about?utm_source=newsletter', headers: BROWSER },
  'a new forged Host each time': { path: '/', headers: BROWSER, vary: (n) => ({ host: `forged-${n}.example` }) },
}

describe('web server CPU per request', { timeout: 600_000 }, () => {
  it('costs at most twice a static file for a cached page and for a forged Host, which reaches no backend', async () => {
    const names = Object.keys(targets)
    const amounts = new Map<string, number>()
    for (const name of names) {
      await driveLoad(site.url, site.pid, targets[name], { amount: WARM_UP_REQUESTS })
      const warm = await driveLoad(site.url, site.pid, targets[name], { amount: WARM_UP_REQUESTS })
      expect(Object.keys(warm.statuses), name).toEqual(['200'])
      amounts.set(name, Math.min(20_000, Math.max(WARM_UP_REQUESTS, Math.ceil(CPU_MS_PER_ROUND / Math.max(warm.cpuMsPerRequest, 0.005)))))
    }
    const figures = new Map<string, number[]>(names.map((name) => [name, []]))
    const backendRequests = new Map<string, number>(names.map((name) => [name, 0]))
    for (let round = 0; round < ROUNDS; round++) {
      // A different kind goes first each round, so whatever the previous one left (garbage to
      // collect) is spread over all of them.
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + round) % names.length]
        const before = relay.requests.length
        const result = await driveLoad(site.url, site.pid, targets[name], { amount: amounts.get(name)! })
        expect(Object.keys(result.statuses), name).toEqual(['200'])
        figures.get(name)!.push(result.cpuMsPerRequest)
        // The redirect table is read every second whatever arrives; page reads are what count.
        const reads = relay.requests.slice(before).filter((r) => !r.path.startsWith('/rest/v1/redirects')).length
        backendRequests.set(name, backendRequests.get(name)! + reads)
      }
    }
    // Each round's page against that round's static file: measured seconds apart, under the same
    // load around them.
    const statics = figures.get('static file')!
    const ratioOf = (name: string) => median(figures.get(name)!.map((value, round) => value / statics[round]))
    const report = names.map((name) => {
      const values = figures.get(name)!
      return `${name}: ${median(values).toFixed(3)} ms (${ratioOf(name).toFixed(2)}×, the median of each round's ratio; rounds ${values.map((v) => v.toFixed(3)).join(', ')})`
    })
    console.log(`web server CPU per request, median of ${ROUNDS} rounds of about ${CPU_MS_PER_ROUND} ms of its CPU each:\n  ${report.join('\n  ')}`)
    for (const name of names.slice(1)) expect(ratioOf(name), `${name}\n${report.join('\n')}`).toBeLessThanOrEqual(MAX_RATIO)
    expect(backendRequests.get('a new forged Host each time')).toBe(0)
  })
})
