import { describe, expect, it } from 'vitest'
import { PageCache, type CachedPage } from './page-cache.ts'

const page = (keys: string[], status = 200): CachedPage => ({ status, size: 10, keys })

describe('the page cache and purges', () => {
  it('drops the pages showing a purged key, and only those', async () => {
    const cache = new PageCache<CachedPage>({ ttlMs: 60_000, maxBytes: 1e6 })
    await cache.get('/resources', async () => page(['posts', 'settings']))
    await cache.get('/about', async () => page(['team', 'settings']))
    expect(cache.purge(new Set(['posts']))).toBe(1)
    expect(cache.has('/resources')).toBe(false)
    expect(cache.hasFresh('/about')).toBe(true)
    expect(cache.purge('all')).toBe(1)
    expect(cache.size).toBe(0)
  })

  it('serves a render that a purge overtook to those waiting for it, and keeps it for nobody', async () => {
    const cache = new PageCache<CachedPage>({ ttlMs: 60_000, maxBytes: 1e6 })
    let finish!: (value: CachedPage) => void
    const rendering = cache.get('/resources', () => new Promise<CachedPage>((resolve) => (finish = resolve)))
    cache.purge(new Set(['posts']))
    finish(page(['posts']))
    expect((await rendering).superseded).toBe(true)
    expect(cache.has('/resources')).toBe(false)

    // A purge of other content does not touch it.
    const other = cache.get('/about', () => new Promise<CachedPage>((resolve) => (finish = resolve)))
    cache.purge(new Set(['posts']))
    finish(page(['team']))
    expect((await other).superseded).toBeUndefined()
    expect(cache.hasFresh('/about')).toBe(true)
  })

  it('keeps a page for its own lifetime when it names one', async () => {
    const cache = new PageCache<CachedPage>({ ttlMs: 60_000, maxBytes: 1e6 })
    await cache.get('/short', async () => ({ ...page(['team']), ttlMs: 0 }))
    expect(cache.hasFresh('/short')).toBe(false)
    expect(cache.has('/short')).toBe(true)
  })
})
