// The browser-test harness proves it can fail: axe reports a broken page (rule, element, page) and
// still gets in under a strict Content-Security-Policy; a failure leaves a screenshot and the HTML;
// the problem watcher catches console errors and failed requests.
import { readFile, rm } from 'node:fs/promises'
import { describe, expect } from 'vitest'
import { saveFailureArtifacts, withFailureArtifacts } from './support/artifacts.ts'
import { expectNoViolations, injectAxe } from './support/axe.ts'
import { expectAccessibleDialog } from './support/dialogs.ts'
import { recordDom } from './support/dom-recorder.ts'
import { test } from './support/fixtures.ts'
import { expectFocusVisible, expectNoFocusTrap, tabTo } from './support/keyboard.ts'

const BROKEN = `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
  <h1>Sign up</h1>
  <input id="email" type="email">
  <p style="color:#28a9e1;background:#fff;font-size:14px">Light blue small text</p>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
</main></body></html>`

const FINE = `<!doctype html><html lang="en"><head><title>Fine</title></head><body><main>
  <h1>Sign up</h1>
  <label for="email">E-mail</label><input id="email" type="email">
  <p style="color:#2d317b;background:#fff">Dark blue text</p>
  <img alt="" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
</main></body></html>`

const STRICT_CSP = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src data:">`

describe('the axe harness', () => {
  test('passes a page that meets WCAG 2.1 AA', async ({ page }) => {
    await page.setContent(FINE)
    await expectNoViolations(page, 'fine page')
  })

  test('fails a broken page, naming each rule, its impact, the element and the page', async ({ page }) => {
    await page.setContent(BROKEN)
    const error = await expectNoViolations(page, 'broken page').catch((caught: Error) => caught)
    expect(error).toBeInstanceOf(Error)
    const message = (error as Error).message
    expect(message).toContain('[critical] label: Form elements must have labels')
    expect(message).toContain('element: #email')
    expect(message).toContain('[serious] color-contrast:')
    expect(message).toContain('[critical] image-alt:')
    expect(message).toContain('page: broken page (about:blank)')
  })

  test('gets in under a CSP that forbids inline scripts, and still finds violations', async ({ page, problems }) => {
    problems.allow(/Content Security Policy/) // Chromium logs the refused inline script
    await page.setContent(BROKEN.replace('<head>', `<head>${STRICT_CSP}`))
    await expect(page.evaluate(() => 'axe' in window)).resolves.toBe(false)
    await injectAxe(page, 'auto')
    await expect(expectNoViolations(page, 'CSP page')).rejects.toThrow(/label: Form elements must have labels/)
    await expect(injectAxe(page.context().pages()[0], 'script-tag')).resolves.toBeUndefined() // already in
  })
})

describe('failure artefacts', () => {
  test('a failing step leaves a screenshot and the page HTML under test-results/', async ({ page }) => {
    await page.setContent('<main><h1>Artefact check</h1></main>')
    const failure = withFailureArtifacts(page, 'harness artefact check', async () => {
      throw new Error('deliberate failure')
    })
    await expect(failure).rejects.toThrow('deliberate failure')
    const html = await readFile('test-results/failed-harness-artefact-check.html', 'utf8')
    expect(html).toContain('<h1>Artefact check</h1>')
    const png = await readFile('test-results/failed-harness-artefact-check.png')
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    await rm('test-results/failed-harness-artefact-check.html')
    await rm('test-results/failed-harness-artefact-check.png')
  })

  test('a closed page saves nothing and does not throw', async ({ browser }) => {
    const page = await browser.newPage()
    await page.close()
    await expect(saveFailureArtifacts(page, 'closed page')).resolves.toEqual([])
  })
})

describe('the page problem watcher', () => {
  test('reports console errors, uncaught exceptions and failed responses; allow() accepts some', async ({ page, problems }) => {
    await page.setContent(`<script>console.error('boom'); setTimeout(() => { throw new Error('kaboom') })</script>`)
    // The exception comes from a timer: waited for.
    await expect.poll(() => problems.list(), { timeout: 5000, interval: 10 }).toEqual(['console.error: boom', 'uncaught exception: kaboom'])
    expect(() => problems.expectNone('here')).toThrow(/2 problem\(s\) in the page here/)
    problems.allow(/boom/)
    expect(problems.list()).toEqual([])
  })
})

describe('the keyboard helpers', () => {
  const FORM = `<style>button:focus-visible{outline:3px solid #2d317b}.bare:focus{outline:none}</style>
    <main><a href="#top">Top</a><button id="ok">Visible focus</button><button id="bare" class="bare">No focus ring</button></main>`

  test('tabTo reaches a control and counts the presses; it reports where focus went when it cannot', async ({ page }) => {
    await page.setContent(FORM)
    await expect(tabTo(page, page.locator('#ok'))).resolves.toBe(2)
    await page.setContent(FORM.replace('<button id="ok">', '<button id="ok" tabindex="-1">'))
    await expect(tabTo(page, page.locator('#ok'), { maxPresses: 3 })).rejects.toThrow(/did not reach.*\n.*<a> Top/)
  })

  test('expectFocusVisible passes a focus ring and fails outline:none', async ({ page }) => {
    await page.setContent(FORM)
    await tabTo(page, page.locator('#ok'))
    await expectFocusVisible(page, 'ok button')
    await tabTo(page, page.locator('#bare'))
    await expect(expectFocusVisible(page, 'bare button')).rejects.toThrow(/Focus is not visible \(bare button\)/)
  })

  test('expectNoFocusTrap passes a normal page and fails a trap', async ({ page }) => {
    await page.setContent(FORM)
    await expectNoFocusTrap(page, 'normal page')
    await page.setContent(`<main><button id="a">A</button><button id="b">B</button></main><script>
      document.getElementById('b').addEventListener('keydown', (e) => {
        if (e.key === 'Tab' && !e.shiftKey) { e.preventDefault(); document.getElementById('a').focus() }
      })</script>`)
    await expect(expectNoFocusTrap(page, 'trap')).rejects.toThrow(/Focus never left the page \(trap\)/)
  })
})

describe('the dialog check', () => {
  const NATIVE = `<main><h1>Posts</h1><button id="open" onclick="document.getElementById('d').showModal()">Create Post</button>
    <dialog id="d" aria-labelledby="t"><h2 id="t">Create New Blog Post</h2>
      <label>Title <input></label><button onclick="this.closest('dialog').close()">Cancel</button></dialog></main>`
  const BROKEN = `<main><h1>Posts</h1><button id="open" onclick="document.getElementById('d').hidden=false">Create Post</button>
    <div id="d" role="dialog" hidden><h2>Untitled</h2><input><button onclick="this.parentNode.hidden=true">Cancel</button></div></main>
    <script>document.addEventListener('keydown', (e) => { if (e.key === 'Escape') document.getElementById('d').hidden = true })</script>`
  // Modal and named, but on closing it sends focus elsewhere instead of back to its opener.
  const LOSES_FOCUS = `<main><h1>Posts</h1><button onclick="document.getElementById('d').showModal()">Create Post</button><button id="other">Other</button>
    <dialog id="d" aria-label="Create New Blog Post" onclose="document.getElementById('other').focus()"><label>Title <input></label></dialog></main>`

  test('passes a modal that takes focus, is named, keeps Tab off the page behind and returns focus', async ({ page }) => {
    await page.setContent(NATIVE)
    await expectAccessibleDialog(page, page.getByRole('button', { name: 'Create Post' }), 'native dialog')
  })

  test('fails a dialog that leaves focus behind', async ({ page }) => {
    await page.setContent(BROKEN)
    await expect(expectAccessibleDialog(page, page.getByRole('button', { name: 'Create Post' }), 'broken dialog')).rejects.toThrow(
      /broken dialog: focus moves into the dialog/,
    )
  })

  test('fails a dialog that does not give focus back to its opener', async ({ page }) => {
    await page.setContent(LOSES_FOCUS)
    await expect(expectAccessibleDialog(page, page.getByRole('button', { name: 'Create Post' }), 'lost focus')).rejects.toThrow(
      /lost focus: focus returns to the control that opened the dialog/,
    )
  })
})

describe('the DOM recorder', () => {
  test('sees text that was in the page for a moment before a client-side redirect', async ({ page }) => {
    const dom = await recordDom(page)
    await page.route('http://harness.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: route.request().url().endsWith('/login')
          ? '<main><h1>Login</h1></main>'
          : `<main id="m"></main><script>
              document.getElementById('m').textContent = 'secret-inbox-row'
              setTimeout(() => { location.href = '/login' }, 0)
            </script>`,
      }),
    )
    await page.goto('http://harness.test/admin')
    await page.waitForURL('http://harness.test/login')
    await page.getByRole('heading', { name: 'Login' }).waitFor()
    expect(dom.containing('secret-inbox-row').length).toBeGreaterThan(0)
    expect(dom.containing('never-there')).toEqual([])
    expect(dom.snapshots().some((snapshot) => snapshot.url === 'http://harness.test/login')).toBe(true)
  })
})
