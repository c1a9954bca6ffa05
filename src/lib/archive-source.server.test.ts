import { afterEach, describe, expect, it, vi } from 'vitest'
import { archiveFetch, withArchivedFiles, type ArchiveSource } from './archive-source.server'

function source(files: Record<string, string> = {}): ArchiveSource {
  return { asOf: '2030-03-01T09:00:00.000Z', accessToken: 't', fileAddress: (name) => files[name] ?? null, reads: new Map(), failures: [], pending: 0 }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('withArchivedFiles', () => {
  it('points every stored media URL (any host, public or resized) at its archived copy', () => {
    const address = { 'blog/chart.png': 'https://files.example/signed?token=1' }
    const html =
      '<img src="http://127.0.0.1:54321/storage/v1/object/public/media/blog/chart.png"><img src="/storage/v1/render/image/public/media/blog/chart.png?width=640">'
    expect(withArchivedFiles(html, (name) => address[name as keyof typeof address] ?? null)).toBe(
      '<img src="https://files.example/signed?token=1"><img src="https://files.example/signed?token=1">',
    )
  })

  it('leaves addresses of files it has no copy of, and other addresses, as they were', () => {
    const text = 'https://cdn.example/a.png /storage/v1/object/public/media/other.png'
    expect(withArchivedFiles(text, () => null)).toBe(text)
  })
})

describe('archiveFetch', () => {
  it("reads a table from its archived rows as of the moment, with the page's own query", async () => {
    const calls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        calls.push(request.url)
        return Response.json([{ content: { title: 'Old' }, updated_at: 'x', id: 'a1' }])
      }),
    )
    const answer = await archiveFetch(source())('http://db/rest/v1/website_content?select=content,updated_at&section=eq.hero')
    const url = new URL(calls[0])
    expect(url.pathname).toBe('/rest/v1/rpc/archived_website_content')
    expect(url.searchParams.get('as_of')).toBe('2030-03-01T09:00:00.000Z')
    expect(url.searchParams.get('section')).toBe('eq.hero')
    expect(url.searchParams.get('select')).toBe('content,updated_at,id')
    // The page gets the columns it asked for; the render notes which row it read.
    expect(await answer.json()).toEqual([{ content: { title: 'Old' }, updated_at: 'x' }])
  })

  it('notes the rows a page read, and keeps an id the page asked for', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ id: 'p1', title: 'T' })),
    )
    const render = source()
    const answer = await archiveFetch(render)('http://db/rest/v1/blog_posts?select=*&slug=eq.t')
    expect(await answer.json()).toEqual({ id: 'p1', title: 'T' })
    expect([...(render.reads.get('blog_posts') ?? [])]).toEqual(['p1'])
  })

  it('writes nothing, answers no other function, and notes a failed read', async () => {
    const live = vi.fn(async () => new Response('{"message":"boom"}', { status: 500 }))
    vi.stubGlobal('fetch', live)
    const render = source()
    const call = archiveFetch(render)
    expect((await call('http://db/rest/v1/contact_messages', { method: 'POST', body: '{}' })).status).toBe(405)
    expect(await (await call('http://db/rest/v1/rpc/job_opening_state?opening_slug=x')).json()).toBeNull()
    expect(live).not.toHaveBeenCalled()
    expect((await call('http://db/rest/v1/clients?select=name')).status).toBe(500)
    expect(render.failures).toEqual(['clients: 500 {"message":"boom"}'])
    expect(render.pending).toBe(0)
  })
})
