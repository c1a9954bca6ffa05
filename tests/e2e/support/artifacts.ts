// What a failed browser test leaves behind for whoever reads the CI log: a full-page screenshot and
// the page's HTML as the browser had it, under test-results/.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'

export const RESULTS_DIR = path.resolve(import.meta.dirname, '../../../test-results')

function fileStem(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 120) || 'page'
  )
}

/** Saves `<name>.png` and `<name>.html`; returns their paths. Never throws (a closed page saves nothing). */
export async function saveFailureArtifacts(page: Page, name: string): Promise<string[]> {
  await mkdir(RESULTS_DIR, { recursive: true })
  const stem = path.join(RESULTS_DIR, `failed-${fileStem(name)}`)
  const saved: string[] = []
  try {
    await page.screenshot({ path: `${stem}.png`, fullPage: true, timeout: 10_000 })
    saved.push(`${stem}.png`)
  } catch (error) {
    console.error(`no screenshot for "${name}": ${(error as Error).message}`)
  }
  try {
    await writeFile(`${stem}.html`, `<!-- ${page.url()} -->\n${await page.content()}`)
    saved.push(`${stem}.html`)
  } catch (error) {
    console.error(`no HTML for "${name}": ${(error as Error).message}`)
  }
  if (saved.length) console.error(`Saved for the failed test "${name}":\n  ${saved.join('\n  ')}`)
  return saved
}

/** Runs `body`; when it throws, saves the page's screenshot and HTML, then rethrows. */
export async function withFailureArtifacts<T>(page: Page, name: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body()
  } catch (error) {
    await saveFailureArtifacts(page, name)
    throw error
  }
}
