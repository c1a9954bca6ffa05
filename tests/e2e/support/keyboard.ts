// Keyboard-only checks: reach a control with Tab, see where focus is, and make sure it can leave.
import type { Locator, Page } from 'playwright-core'

/** A short description of the focused element, for messages. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return '(nothing: the page body)'
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''
    return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> ${name}`.trim()
  })
}

/**
 * Presses Tab (Shift+Tab when `backwards`) until `target` has focus, as a keyboard user would, and
 * fails after `maxPresses` saying where focus went instead.
 */
export async function tabTo(page: Page, target: Locator, { maxPresses = 60, backwards = false } = {}): Promise<number> {
  // Playwright would wait for a missing element forever; say so instead.
  await target.waitFor({ state: 'attached', timeout: 10_000 }).catch(() => {
    throw new Error(`tabTo: ${target} is not in the page`)
  })
  const visited: string[] = []
  for (let presses = 1; presses <= maxPresses; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    if (await target.evaluate((element) => element === document.activeElement, undefined, { timeout: 5_000 }).catch(() => false)) {
      return presses
    }
    visited.push(await describeFocus(page))
  }
  throw new Error(`Tab did not reach ${target} in ${maxPresses} presses; focus went to:\n  ${visited.join('\n  ')}`)
}

/**
 * Fails unless the focused element shows that it has focus: an outline or a box-shadow ring that it
 * does not have when it is not focused.
 */
export async function expectFocusVisible(page: Page, label = ''): Promise<void> {
  const result = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return { ok: false, why: 'nothing has focus' }
    const ring = (style: CSSStyleDeclaration) => `${style.outlineStyle}|${style.outlineWidth}|${style.outlineColor}|${style.boxShadow}|${style.borderColor}`
    const focused = getComputedStyle(element)
    const focusedRing = ring(focused)
    const hasOutline = focused.outlineStyle !== 'none' && parseFloat(focused.outlineWidth) > 0
    const hasShadow = focused.boxShadow !== 'none'
    // Compare with the same element unfocused: a ring it always has does not show focus.
    element.blur()
    const unfocusedRing = ring(getComputedStyle(element))
    element.focus({ preventScroll: true, focusVisible: true } as FocusOptions)
    const differs = focusedRing !== unfocusedRing
    return {
      ok: (hasOutline || hasShadow) && differs,
      why: `<${element.tagName.toLowerCase()}> outline ${focused.outlineStyle} ${focused.outlineWidth}, box-shadow ${focused.boxShadow}${differs ? '' : ', same as unfocused'}`,
    }
  })
  if (!result.ok) throw new Error(`Focus is not visible${label ? ` (${label})` : ''}: ${result.why}`)
}

/**
 * Fails when focus cannot leave the page with Tab: a keyboard trap. Presses Tab until focus returns
 * to the document body (past the last control), at most once per focusable element plus a margin.
 */
export async function expectNoFocusTrap(page: Page, label = ''): Promise<void> {
  const focusable = await page.evaluate(() => document.querySelectorAll('a[href], button, input, select, textarea, [tabindex], iframe, summary').length)
  const limit = focusable + 10
  const visited: string[] = []
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab')
    const atBody = await page.evaluate(() => document.activeElement === document.body || document.activeElement === null)
    if (atBody && presses > 0) return
    visited.push(await describeFocus(page))
  }
  throw new Error(`Focus never left the page${label ? ` (${label})` : ''} in ${limit} Tab presses; it cycled through:\n  ${visited.slice(-12).join('\n  ')}`)
}
