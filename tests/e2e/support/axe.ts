// axe-core, from npm, run inside the page under test. By default it is evaluated through the
// DevTools protocol, which the site's Content-Security-Policy does not govern (an inline <script>
// would be refused and logged as a CSP violation); a script tag remains available for pages without
// a CSP. Either way the page's own code is untouched and nothing is fetched from the network.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { AxeResults, NodeResult, Result, RunOptions } from 'axe-core'
import type { Page } from 'playwright-core'

/** WCAG 2.1 level A and AA, the product's accessibility target. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const

export type AxeInjection = 'auto' | 'script-tag' | 'evaluate'

export interface AxeCheckOptions {
  /** How axe gets into the page (default 'evaluate'; 'auto' tries a script tag, then evaluate). */
  injection?: AxeInjection
  /** CSS selectors to check instead of the whole document (e.g. an open dialog). */
  include?: string[]
  /** CSS selectors to leave out. */
  exclude?: string[]
  /** axe tags to run; WCAG 2.1 A and AA by default. */
  tags?: readonly string[]
}

let axeSource: Promise<string> | undefined

function readAxeSource(): Promise<string> {
  const require = createRequire(import.meta.url)
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8')
  return axeSource
}

function hasAxe(page: Page): Promise<boolean> {
  return page.evaluate(() => 'axe' in window)
}

/** Puts axe into the page's main frame, once per document. */
export async function injectAxe(page: Page, injection: AxeInjection = 'evaluate'): Promise<void> {
  if (await hasAxe(page)) return
  const source = await readAxeSource()
  if (injection !== 'evaluate') {
    // A CSP that forbids inline scripts makes Chromium refuse the tag; playwright then rejects.
    const tag = await page.addScriptTag({ content: source }).catch(() => undefined)
    // The tag has done its work once it ran; removed, it stays out of saved HTML and the page's DOM.
    await tag?.evaluate((element) => (element as Element).remove())
    if (await hasAxe(page)) return
    if (injection === 'script-tag') throw new Error('axe-core could not be injected with a script tag (CSP?)')
  }
  await page.evaluate(source)
  if (!(await hasAxe(page))) throw new Error('axe-core could not be injected into the page')
}

/** Runs axe on the page as it is now and returns its full results. */
export async function runAxe(page: Page, options: AxeCheckOptions = {}): Promise<AxeResults> {
  await injectAxe(page, options.injection)
  const context = { include: options.include ?? ['html'], exclude: options.exclude ?? [] }
  const runOptions: RunOptions = {
    runOnly: { type: 'tag', values: [...(options.tags ?? WCAG_21_AA)] },
    resultTypes: ['violations'],
  }
  return page.evaluate(([ctx, opts]) => (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe.run(ctx, opts), [
    context,
    runOptions,
  ] as const)
}

function describeNode(node: NodeResult): string {
  const summary = node.failureSummary?.replace(/\s*\n\s*/g, ' ').trim()
  return [`    element: ${node.target.join(' ')}`, `      html: ${node.html.slice(0, 200)}`, summary ? `      why: ${summary}` : ''].filter(Boolean).join('\n')
}

/** One violation as a readable block: rule, impact, page, and every element it found. */
export function formatViolation(violation: Result, where: string): string {
  return [
    `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}`,
    `  page: ${where}`,
    `  rule: ${violation.helpUrl}`,
    ...violation.nodes.map(describeNode),
  ].join('\n')
}

/**
 * Fails when axe finds any WCAG 2.1 A/AA violation, after printing each one (rule, impact, elements
 * and page) so the log of a failed run says what to fix where.
 */
export async function expectNoViolations(page: Page, label: string, options: AxeCheckOptions = {}): Promise<void> {
  const results = await runAxe(page, options)
  if (results.violations.length === 0) return
  const where = `${label} (${page.url()})`
  const report = results.violations.map((violation) => formatViolation(violation, where)).join('\n\n')
  const count = results.violations.reduce((sum, violation) => sum + violation.nodes.length, 0)
  const message = `${results.violations.length} accessibility rule(s) violated on ${count} element(s) at ${where}:\n\n${report}`
  console.error(message)
  throw new Error(message)
}
