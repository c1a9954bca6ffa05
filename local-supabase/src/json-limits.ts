// Nesting limits for what callers send: JSON bodies, JSON-ish filter values and logic trees. Postgres
// parses nested JSON recursively, and inside PGlite (WebAssembly) its stack-depth check does not
// save it: a body nested some thousands deep made the process spin forever. Every API therefore
// measures nesting in one linear pass, before anything recursive (JSON.parse, a parser, Postgres)
// sees the text, and refuses what is deeper than any real client sends.

/** Deepest JSON accepted in any request body or JSON value (serde_json's default is 128). */
export const MAX_JSON_DEPTH = 64
/** Deepest and/or/not tree accepted in a query string (supabase-js' `.or()` nests two or three). */
export const MAX_LOGIC_DEPTH = 16

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d

/**
 * True when `text`, read as JSON, nests arrays and objects deeper than `max`. Brackets inside
 * strings do not count. Works on any text (valid JSON or not) and stops at the first excess.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (quoted) {
      if (ch === BACKSLASH) i++
      else if (ch === QUOTE) quoted = false
      continue
    }
    if (ch === QUOTE) quoted = true
    else if (ch === OPEN_BRACKET || ch === OPEN_BRACE) {
      if (++depth > max) return true
    } else if (ch === CLOSE_BRACKET || ch === CLOSE_BRACE) {
      depth--
    }
  }
  return false
}

/** True when parentheses (outside double quotes) nest deeper than `max`. */
export function parenthesesTooDeep(text: string, max: number): boolean {
  let depth = 0
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '\\') i++
      else if (ch === '"') quoted = false
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === '(') {
      if (++depth > max) return true
    } else if (ch === ')') {
      depth--
    }
  }
  return false
}

export class JsonTooDeepError extends Error {
  constructor() {
    super(`The JSON is nested deeper than ${MAX_JSON_DEPTH} levels`)
  }
}

/** JSON.parse behind the depth check: throws JsonTooDeepError first, then JSON.parse's SyntaxError. */
export function parseJsonLimited(text: string): unknown {
  if (jsonTooDeep(text)) throw new JsonTooDeepError()
  return JSON.parse(text) as unknown
}

/**
 * Whether a request's Content-Type announces JSON. Absent counts as JSON (PostgREST's and GoTrue's
 * default); anything else (a form, text, multipart) is not parsed as JSON but refused with a 415.
 */
export function isJsonContentType(header: string | undefined | null): boolean {
  if (header === undefined || header === null || header.trim() === '') return true
  const essence = header.split(';')[0].trim().toLowerCase()
  return essence === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(essence)
}
