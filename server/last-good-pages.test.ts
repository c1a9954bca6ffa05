import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LastGoodPages, type StoredPage } from './last-good-pages.ts'

const stored = (text: string): StoredPage => ({
  status: 200,
  headers: [['content-type', 'text/html; charset=utf-8']],
  body: Buffer.from(text),
  keys: ['team'],
  tag: text,
})

let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('last good pages', () => {
  it('are kept on disk, so another process (a restart) has them', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'last-good-'))
    const before = new LastGoodPages(dir, 1e6)
    await before.open()
    before.save('/about', stored('<h1>About</h1>'))
    before.save('/about', stored('<h1>About, edited</h1>'))
    await before.flushed()
    const after = new LastGoodPages(dir, 1e6)
    await after.open()
    const page = await after.get('/about')
    expect(page?.body.toString()).toBe('<h1>About, edited</h1>')
    expect(page?.headers).toEqual([['content-type', 'text/html; charset=utf-8']])
    expect(page?.keys).toEqual(['team'])
    expect(await after.get('/never-rendered')).toBeNull()
  })

  it('keep at most their budget in memory, the least recently saved going first', async () => {
    const pages = new LastGoodPages(null, 20)
    pages.save('/a', stored('a'.repeat(10)))
    pages.save('/b', stored('b'.repeat(10)))
    pages.save('/c', stored('c'.repeat(10)))
    expect(await pages.get('/a')).toBeNull()
    expect((await pages.get('/c'))?.body.toString()).toBe('c'.repeat(10))
  })
})
