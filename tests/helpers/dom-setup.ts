// Setup file of every vitest project. In DOM tests, Testing Library's findBy*/waitFor wait 5 s for
// what they look for, not 1 s: a file's first render loads its modules (about 1 s on its own), which
// a busy machine stretches past the default. It also fixes what each DOM needs (below). Node tests
// do not load Testing Library for it.
import { createRequire } from 'node:module'
import { vi } from 'vitest'

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 5_000 })
  if (navigator.userAgent.includes('jsdom')) findLabelTargetsById()
  else if (navigator.userAgent.includes('HappyDOM')) sanitizeOnJsdom()
}

/**
 * DOMPurify sanitizes nothing on happy-dom (a <script> passes through): on happy-dom, the browser
 * code's DOMPurify is the server's instead (isomorphic-dompurify, which parses on jsdom).
 */
function sanitizeOnJsdom() {
  // Node's own require: the "node" export of isomorphic-dompurify (on jsdom), not the browser one.
  const require = createRequire(import.meta.url)
  vi.doMock('dompurify', () => ({ default: require('isomorphic-dompurify') as unknown }))
}

interface LabelImpl {
  getAttributeNS(namespace: null, name: string): string | null
  getRootNode(options: object): { nodeType: number; getElementById?(id: string): unknown }
}

/**
 * jsdom finds the control of a `<label for>` by walking the whole document, and an element's
 * `labels` asks every label in the document for its control: every *ByLabelText and *ByRole({ name })
 * query costs (labels x elements) tree walks. In a document, the control is the element that
 * getElementById returns for the `for` value (when it is labelable), which jsdom keeps in a map.
 * Everything else (no `for`, a detached tree) keeps jsdom's own lookup.
 */
function findLabelTargetsById() {
  const require = createRequire(import.meta.url)
  const { implementation } = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as { implementation: { prototype: object } }
  const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as { isLabelable(node: unknown): boolean }
  const walkTree = Object.getOwnPropertyDescriptor(implementation.prototype, 'control')?.get
  if (!walkTree) throw new Error("jsdom's label has no control getter to speed up")
  // Files that share their modules (the unit project) share jsdom's classes too: replace it once.
  const replaced = Symbol.for('dom-setup: label control by id')
  if (replaced in walkTree) return
  const byId = function (this: LabelImpl) {
    const forValue = this.getAttributeNS(null, 'for')
    const root = this.getRootNode({})
    if (!forValue || root.nodeType !== 9 || !root.getElementById) return walkTree.call(this)
    const target = root.getElementById(forValue)
    return target && isLabelable(target) ? target : null
  }
  Object.defineProperty(byId, replaced, { value: true })
  Object.defineProperty(implementation.prototype, 'control', { configurable: true, get: byId })
}
