// Each adapter against an HTTP server that answers as the service would: what goes over the wire
// (method, path, headers, body), the batches, the retries, and what counts as a refusal.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { cloudflareTarget, fastlyTarget, purgeTargetsFrom, varnishTarget } from './purge-targets.ts'

interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** A server answering each request with the next of `answers` (the last one repeats). */
async function service(answers: { status: number; body?: string; headers?: Record<string, string> }[]): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = []
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      const answer = answers[Math.min(received.length - 1, answers.length - 1)]
      res.writeHead(answer.status, answer.headers).end(answer.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received }
}

const keys = (n: number) => Array.from({ length: n }, (_, i) => `post:${i}`)

describe('Varnish', () => {
  it('sends PURGE with the keys in Surrogate-Key, a hundred at a time', async () => {
    const varnish = await service([{ status: 200 }])
    await varnishTarget(varnish.url).purge(keys(150))
    expect(varnish.received.map((r) => [r.method, r.url])).toEqual([
      ['PURGE', '/'],
      ['PURGE', '/'],
    ])
    expect(varnish.received[0].headers['surrogate-key']).toBe(keys(100).join(' '))
    expect(String(varnish.received[1].headers['surrogate-key']).split(' ')).toHaveLength(50)
  })

  it('tries again after a failure, and reports one that lasts', async () => {
    const flaky = await service([{ status: 503 }, { status: 200 }])
    await varnishTarget(flaky.url).purge(['posts'])
    expect(flaky.received).toHaveLength(2)
    server!.close()
    const down = await service([{ status: 503, body: 'Service Unavailable' }])
    await expect(varnishTarget(down.url).purge(['posts'])).rejects.toThrow(/varnish .*: HTTP 503 Service Unavailable/)
    expect(down.received).toHaveLength(3)
  })
})

describe('Fastly', () => {
  it('posts the surrogate keys to the service purge API with its token, 256 a call', async () => {
    const fastly = await service([{ status: 200, body: '{}' }])
    await fastlyTarget(fastly.url, 'SERVICE1', 'secret-token').purge(keys(300))
    expect(fastly.received.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/service/SERVICE1/purge'],
      ['POST', '/service/SERVICE1/purge'],
    ])
    expect(fastly.received[0].headers['fastly-key']).toBe('secret-token')
    expect(JSON.parse(fastly.received[0].body)).toEqual({ surrogate_keys: keys(256) })
  })

  it('does not ask again when refused (a bad token will not improve)', async () => {
    const fastly = await service([{ status: 401, body: '{"msg":"Provided credentials are missing or invalid"}' }])
    await expect(fastlyTarget(fastly.url, 'SERVICE1', 'wrong').purge(['posts'])).rejects.toThrow(/fastly: HTTP 401/)
    expect(fastly.received).toHaveLength(1)
  })
})

describe('Cloudflare', () => {
  it('posts the tags to the zone purge API with its bearer token, 100 a call', async () => {
    const cloudflare = await service([{ status: 200, body: '{"success":true,"errors":[],"result":{"id":"x"}}' }])
    await cloudflareTarget(cloudflare.url, 'ZONE1', 'cf-token').purge(keys(101))
    expect(cloudflare.received.map((r) => r.url)).toEqual(['/client/v4/zones/ZONE1/purge_cache', '/client/v4/zones/ZONE1/purge_cache'])
    expect(cloudflare.received[0].headers.authorization).toBe('Bearer cf-token')
    expect(JSON.parse(cloudflare.received[1].body)).toEqual({ tags: ['post:100'] })
  })

  it('counts a 200 that says success: false as a failure, and waits as a 429 asks', async () => {
    const refused = await service([{ status: 200, body: '{"success":false,"errors":[{"code":1134,"message":"zone purge quota"}]}' }])
    await expect(cloudflareTarget(refused.url, 'ZONE1', 't').purge(['posts'])).rejects.toThrow(/cloudflare: refused: .*zone purge quota/)
    server!.close()
    const limited = await service([
      { status: 429, headers: { 'Retry-After': '1' } },
      { status: 200, body: '{"success":true}' },
    ])
    const started = performance.now()
    await cloudflareTarget(limited.url, 'ZONE1', 't').purge(['posts'])
    expect(performance.now() - started).toBeGreaterThanOrEqual(900)
  })
})

describe('the targets the settings name', () => {
  it('are every Varnish listed, Fastly and Cloudflare when configured, none by default', () => {
    const defaults = { FASTLY_API_URL: 'https://api.fastly.com', CLOUDFLARE_API_URL: 'https://api.cloudflare.com' }
    expect(purgeTargetsFrom(defaults)).toEqual([])
    const named = purgeTargetsFrom({
      ...defaults,
      PURGE_VARNISH_URLS: 'http://edge-1:8080, http://edge-2:8080',
      FASTLY_SERVICE_ID: 's',
      FASTLY_API_TOKEN: 't',
      CLOUDFLARE_ZONE_ID: 'z',
      CLOUDFLARE_API_TOKEN: 't',
    }).map((target) => target.name)
    expect(named).toEqual(['varnish http://edge-1:8080', 'varnish http://edge-2:8080', 'fastly', 'cloudflare'])
  })
})
