// The hashes of the scripts a document runs inline, for a Content-Security-Policy that allows them
// by content instead of by a per-response nonce: a page the same for every visitor can then be kept
// by any shared cache, header and all. Data blocks (JSON-LD) run nothing and need none.
import { createHash } from 'node:crypto'

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
const RUNS = /^(?:module|text\/javascript|application\/javascript)?$/i

/** CSP's `sha256-…` source of a script's text, exactly as the browser reads it. */
export function scriptHash(code: string): string {
  return `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`
}

/** The hash of every inline script in the document that a browser runs, each once, in order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, code] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1] ?? ''
    if (RUNS.test(type.trim())) hashes.add(scriptHash(code))
  }
  return [...hashes]
}
