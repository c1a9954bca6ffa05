import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bodyTag, etag, noneMatchHits, pathKey, sharedCacheControl } from './edge-cache.ts'

describe('the answer shared caches read', () => {
  it('lets browsers keep nothing and shared caches keep the page for its lifetime, stale while refetching or while the origin fails', () => {
    expect(sharedCacheControl({ edgeSeconds: 300, staleWhileRevalidateSeconds: 60, staleIfErrorSeconds: 86400 })).toBe(
      'public, max-age=0, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400',
    )
  })

  it('tags the same bytes the same way in every process, and each coding apart', () => {
    const tag = bodyTag(Buffer.from('<p>same</p>'))
    expect(bodyTag(Buffer.from('<p>same</p>'))).toBe(tag)
    expect(bodyTag(Buffer.from('<p>other</p>'))).not.toBe(tag)
    expect(new Set([etag(tag, null), etag(tag, 'gzip'), etag(tag, 'br')]).size).toBe(3)
  })

  it('takes If-None-Match for the body in any coding, weak or strong, and nothing else', () => {
    const tag = bodyTag(Buffer.from('page'))
    for (const header of [`"${tag}"`, `W/"${tag}-gzip"`, `"other", "${tag}-br"`, '*']) expect(noneMatchHits(header, tag), header).toBe(true)
    for (const header of [undefined, '', '"other"', `"${tag}x"`]) expect(noneMatchHits(header, tag), String(header)).toBe(false)
  })

  it('keys a page by its path as the redirects table stores it, as the database computes it', () => {
    const md5 = (path: string) => `path:${createHash('md5').update(path).digest('hex')}`
    expect(pathKey('/About/')).toBe(md5('/about'))
    expect(pathKey('/resources/blog/a-post')).toBe(md5('/resources/blog/a-post'))
    // A .data answer is its page's.
    expect(pathKey('/about.data')).toBe(md5('/about'))
    expect(pathKey('/_root.data')).toBe(md5('/'))
  })
})
