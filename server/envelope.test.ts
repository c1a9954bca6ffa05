import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerUncaughtError, envelope } from './envelope.ts'
import type { SiteEnv } from './site-env.ts'

// The envelope alone, in front of routes that stand for the sub-apps; the socket is what
// @hono/node-server would hand over.
function siteWith(routes: (app: Hono<SiteEnv>) => void, trustProxy = 0): (path: string, init?: RequestInit) => Promise<Response> {
  const app = new Hono<SiteEnv>()
  app.use('*', envelope({ config: { SITE_URL: undefined, PORT: 3000, TRUST_PROXY: trustProxy }, security: { https: false } }))
  app.onError(answerUncaughtError)
  routes(app)
  const bindings = { incoming: { socket: { localPort: 3000, remoteAddress: '::ffff:203.0.113.9' } } }
  return async (path, init) => app.request(`http://localhost:3000${path}`, init, bindings)
}

afterEach(() => vi.restoreAllMocks())

describe('the envelope', () => {
  it('answers an uncaught error with a plain error page that tells the visitor nothing of the error, with every header', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const request = siteWith((app) =>
      app.get('/broken', () => {
        throw new Error('connection string postgres://secret@db')
      }),
    )
    const response = await request('/broken')
    expect(response.status).toBe(500)
    const html = await response.text()
    expect(html).toContain('Something went wrong')
    expect(html).not.toContain('secret')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Content-Security-Policy')).toMatch(/script-src 'self' 'nonce-/)
    expect(response.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(logged).toHaveBeenCalledOnce()
  })

  it('answers 499, and logs no error, when the visitor went away before the answer', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const request = siteWith((app) =>
      app.get('/slow', () => {
        throw new Error('aborted')
      }),
    )
    const controller = new AbortController()
    controller.abort()
    const response = await request('/slow', { signal: controller.signal })
    expect(response.status).toBe(499)
    expect(logged).not.toHaveBeenCalled()
  })

  it("keeps a page's own Cache-Control and makes every other page no-store", async () => {
    const request = siteWith((app) => {
      app.get('/own', (c) => c.html('<p>mine</p>', 200, { 'Cache-Control': 'private, max-age=60' }))
      app.get('/plain', (c) => c.html('<p>plain</p>'))
    })
    expect((await request('/own')).headers.get('Cache-Control')).toBe('private, max-age=60')
    expect((await request('/plain')).headers.get('Cache-Control')).toBe('no-store')
  })

  it("hands the routes the visitor's address and a request id, believing a proxy's only when one is trusted", async () => {
    const seen = (app: Hono<SiteEnv>) => app.get('/who', (c) => c.json({ ip: c.get('visitorIp'), id: c.get('requestId'), origin: c.get('site').origin }))
    const headers = { 'x-forwarded-for': '198.51.100.7', 'x-request-id': 'from-the-proxy' }
    const direct = await (await siteWith(seen)('/who', { headers })).json()
    expect(direct).toMatchObject({ ip: '203.0.113.9', origin: 'http://localhost:3000' })
    expect(direct.id).not.toBe('from-the-proxy')
    const proxied = await siteWith(seen, 1)('/who', { headers })
    expect(await proxied.json()).toMatchObject({ ip: '198.51.100.7', id: 'from-the-proxy' })
    expect(proxied.headers.get('X-Request-Id')).toBe('from-the-proxy')
  })
})
