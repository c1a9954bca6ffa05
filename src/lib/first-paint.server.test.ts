// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deferHydration, inlineStylesheet } from './first-paint.server'

const NONCE = 'bm9uY2U='
const bootstrap = 'import * as route0 from "/assets/root.js";\nwindow.__reactRouterManifest = {"note":"1 < 2 <!-- -->"};\nimport("/assets/entry.client.js");'
const document_ =
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>` +
  `<link rel="modulepreload" href="/assets/entry.client.js" nonce="${NONCE}"/><link rel="modulepreload" href="/assets/root.js" nonce="${NONCE}"/>` +
  `</head><body><h1>Hello</h1><script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${bootstrap}</script></body></html>`

afterEach(() => {
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

describe('deferHydration', () => {
  it('takes the module preloads and the module script out of the page as sent', () => {
    const html = deferHydration(document_)
    expect(html).not.toMatch(/<link rel="modulepreload"/)
    expect(html).not.toMatch(/<script[^>]*type="module"/)
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>')
    expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`)
    // The module's text travels as a string with no "<" in it, so nothing in it can end the inline script.
    expect(html.match(/<\/script>/g)).toHaveLength(2)
    expect(html).not.toContain('<!--')
  })

  it('adds the same module script to the page once it has loaded, where paint timing is missing', async () => {
    const html = deferHydration(document_)
    const loader = /<script nonce="[^"]*">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)?.[1]
    expect(loader).toBeDefined()
    new Function(loader!)()
    expect(document.querySelector('script[type="module"]')).toBeNull()

    window.dispatchEvent(new Event('load'))
    const script = await vi.waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>('script[type="module"]')
      if (!found) throw new Error('no module script yet')
      return found
    })
    expect(script.nonce).toBe(NONCE)
    expect(script.textContent).toBe(bootstrap)
  })

  it('leaves a document without React Router’s bootstrap unchanged', () => {
    const plain = '<!DOCTYPE html><html><head></head><body><script type="module" async="">import "/x.js"</script></body></html>'
    expect(deferHydration(plain)).toBe(plain)
  })
})

describe('inlineStylesheet', () => {
  // What React writes for the root's <style href precedence />: a style resource, still empty.
  const page = `<head><style data-precedence="default" data-href="/assets/app.css"></style><title>t</title></head>`

  it('fills the style resource of that file with its CSS, which React then adopts as it is', () => {
    expect(inlineStylesheet(page, '/assets/app.css', 'h1{color:red}')).toBe(
      `<head><style data-precedence="default" data-href="/assets/app.css">h1{color:red}</style><title>t</title></head>`,
    )
  })

  it('leaves the page when the resource is another file', () => {
    expect(inlineStylesheet(page, '/assets/other.css', 'h1{color:red}')).toBe(page)
  })

  it('links the file instead when its CSS could end the <style> early', () => {
    expect(inlineStylesheet(page, '/assets/app.css', 'h1{}</style><script>alert(1)</script>')).toBe(
      `<head><link rel="stylesheet" href="/assets/app.css"/><title>t</title></head>`,
    )
  })

  it('writes CSS holding replacement patterns as it is', () => {
    expect(inlineStylesheet(page, '/assets/app.css', "a::after{content:'$&'}")).toContain("a::after{content:'$&'}</style>")
  })
})
