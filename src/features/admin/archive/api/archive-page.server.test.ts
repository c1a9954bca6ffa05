import { describe, expect, it } from 'vitest'
import { linkedToMoment } from './archive-page.server'
import { stillDocument } from './archive-render.server'

describe('an archived document', () => {
  it('keeps its JSON-LD but runs no script and preloads no module', () => {
    const html =
      '<html><head><link rel="modulepreload" href="/assets/a.js"><script type="application/ld+json">{"@type":"Article"}</script></head><body><script nonce="n">window.__x=1</script><script type="module" src="/a.js"></script></body></html>'
    expect(stillDocument(html)).toBe('<html><head><script type="application/ld+json">{"@type":"Article"}</script></head><body></body></html>')
  })

  it('leads its links to the same moment on the archive screen, outside the frame', () => {
    const html = '<html><head></head><body><a class="x" href="/resources?q=a&amp;show=9">R</a><a href="https://other.example/">O</a></body></html>'
    expect(linkedToMoment(html, '2030-03-01T09:00:00.000Z')).toBe(
      '<html><head><base target="_top"></head><body><a class="x" href="/admin/archive?at=2030-03-01T09%3A00%3A00.000Z&amp;path=%2Fresources%3Fq%3Da%26show%3D9">R</a><a href="https://other.example/">O</a></body></html>',
    )
  })
})
