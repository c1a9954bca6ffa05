// Blog-post HTML that carries script in every form a sanitizer must stop. Each vector, if it ever
// runs, pushes its name onto window.top.__xss, so a test reads one flag to know whether anything ran.
import type { Page } from 'playwright-core'

const flag = (name: string) => `(window.top.__xss = window.top.__xss || []).push('${name}')`

export const SAFE_MARKER_TEXT = 'The safe paragraph of a hostile post.'

/** The post body: every vector, and a harmless paragraph (#safe-marker) proving the body rendered. */
export const HOSTILE_HTML = [
  `<p id="safe-marker">${SAFE_MARKER_TEXT}</p>`,
  `<img src="x" onerror="${flag('img-onerror')}">`,
  `<script>${flag('script')}</script>`,
  `<a href="javascript:${flag('js-link')}">Read more</a>`,
  `<iframe src="javascript:${flag('iframe')}"></iframe>`,
  `<iframe srcdoc="<script>${flag('iframe-srcdoc')}</script>"></iframe>`,
  `<svg><script>${flag('svg-script')}</script></svg>`,
  `<svg onload="${flag('svg-onload')}"></svg>`,
  `<details open ontoggle="${flag('details-ontoggle')}"><summary>More</summary></details>`,
  `<form action="javascript:${flag('form')}"><button id="xss-submit">Go</button></form>`,
].join('\n')

/**
 * Clicks what a visitor might click (the javascript: link, the form button) when they survived, waits
 * a moment for handlers, and returns the names of the vectors that ran.
 */
export async function vectorsThatRan(page: Page): Promise<string[]> {
  const link = page.getByRole('link', { name: 'Read more' })
  if (await link.count()) await link.first().click()
  const submit = page.locator('#xss-submit')
  if (await submit.count()) await submit.click()
  await page.waitForTimeout(300)
  return page.evaluate(() => (window as unknown as { __xss?: string[] }).__xss ?? [])
}
