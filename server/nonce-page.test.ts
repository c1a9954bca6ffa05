// A cached page sent with a new nonce per response: its gzip form, built from pieces deflated once,
// must decode to exactly the page with that nonce, like any gzip stream.
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { NoncePage } from './nonce-page'

const token = 'TOKEN0123456789abcdefg=='
const page = Buffer.from(
  `<!doctype html><html><head><link nonce="${token}" rel="modulepreload" href="/a.js"></head><body>` +
    '<p>Grüße — ₦1,000 </p>'.repeat(400) +
    `<script nonce="${token}">window.x = 1</script><script nonce="${token}">window.y = 2</script></body></html>`,
)

describe('a cached page with a fresh nonce', () => {
  it('puts the nonce everywhere the token was, plain and gzipped', () => {
    const cached = new NoncePage(page, token)
    for (const nonce of ['nonceAAAAAAAAAAAAAAAAAA==', 'nonceBBBBBBBBBBBBBBBBBB==']) {
      const expected = page.toString('utf8').replaceAll(token, nonce)
      expect(cached.identity(nonce).toString('utf8')).toBe(expected)
      const gzipped = cached.gzip(nonce)
      expect(gzipped.length).toBeLessThan(page.length / 4)
      expect(gunzipSync(gzipped).toString('utf8')).toBe(expected)
    }
  })

  it('handles a page without the token, and one that starts or ends with it', () => {
    for (const body of ['no nonce here', `${token}middle${token}`, token]) {
      const cached = new NoncePage(Buffer.from(body), token)
      expect(gunzipSync(cached.gzip('N')).toString()).toBe(body.replaceAll(token, 'N'))
    }
  })
})
