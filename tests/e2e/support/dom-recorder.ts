// Records every state of a page's DOM from the first byte on — the HTML the server sent and the
// document after each batch of changes — across navigations, so a test can tell whether something
// was ever in the page, even for one frame before a redirect (e.g. /admin data without a session).
import type { Page } from 'playwright-core'

export interface DomSnapshot {
  url: string
  html: string
}

export interface DomRecorder {
  snapshots(): DomSnapshot[]
  /** The snapshots that contained `text` (in text, attributes or inline scripts). */
  containing(text: string): DomSnapshot[]
}

/** Call before the navigation to record. */
export async function recordDom(page: Page): Promise<DomRecorder> {
  const snapshots: DomSnapshot[] = []
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'document') return
    // Includes the redirect responses themselves: a 302 body must not carry data either.
    const html = await response.text().catch(() => '')
    snapshots.push({ url: response.url(), html })
  })
  await page.exposeBinding('__recordDom', ({ frame }, html: string) => {
    snapshots.push({ url: frame.url(), html })
  })
  await page.addInitScript(() => {
    const send = (window as unknown as { __recordDom: (html: string) => void }).__recordDom
    let last = ''
    const record = () => {
      const html = document.documentElement?.outerHTML ?? ''
      if (html !== last) send((last = html))
    }
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
    record()
  })
  return {
    snapshots: () => [...snapshots],
    containing: (text) => snapshots.filter((snapshot) => snapshot.html.includes(text)),
  }
}
