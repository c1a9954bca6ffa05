// The request headers PostgREST reads: Prefer, Range/Range-Unit, Accept, Accept-Profile and
// Content-Profile. Unknown preferences are ignored, as PostgREST does by default (handling=lenient).
import { restError } from './errors.ts'

export type CountKind = 'exact' | 'planned' | 'estimated'

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null
  count: CountKind | null
  resolution: 'merge' | 'ignore' | null
  /** `missing=default` or `missing=null` (the default behaviour, reported when asked for). */
  missing: 'default' | 'null' | null
  /** `max-affected=n`, honoured with `handling=strict` as PostgREST does. */
  maxAffected: number | null
  /** `params=single-object`: an rpc's JSON body is its one json/jsonb argument. */
  singleObject: boolean
  /** `tx=commit` or `tx=rollback`: read only when db-tx-end allows an override. */
  tx: 'commit' | 'rollback' | null
  handling: 'strict' | 'lenient' | null
}

/**
 * supabase-js appends several Prefer headers; fetch joins them with ", ". When a preference is
 * given twice the first counts. Unknown or disallowed preferences are ignored (handling=lenient,
 * PostgREST's default) or refused with PGRST122 (handling=strict). `tx=commit|rollback` is one of
 * them unless db-tx-end ends in `-allow-override` (`allowTx`).
 */
export function parsePrefer(header: string | undefined, allowTx = false): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    maxAffected: null,
    singleObject: false,
    tx: null,
    handling: null,
  }
  if (!header) return prefs
  const invalid: string[] = []
  let maxAffected: number | null = null
  for (const part of header.split(',')) {
    const text = part.trim()
    if (text === '') continue
    const [key, value] = text.split('=', 2).map((s) => s.trim())
    if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) prefs.return ??= value
    else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) prefs.count ??= value
    else if (key === 'resolution' && value === 'merge-duplicates') prefs.resolution ??= 'merge'
    else if (key === 'resolution' && value === 'ignore-duplicates') prefs.resolution ??= 'ignore'
    else if (key === 'missing' && (value === 'default' || value === 'null')) prefs.missing ??= value
    else if (key === 'params' && value === 'single-object') prefs.singleObject = true
    else if (key === 'handling' && (value === 'strict' || value === 'lenient')) prefs.handling ??= value
    else if (key === 'tx' && allowTx && (value === 'commit' || value === 'rollback')) prefs.tx ??= value
    else if (key === 'max-affected' && /^\d{1,15}$/.test(value ?? '')) maxAffected ??= Number(value)
    else if (key === 'timezone') continue
    else invalid.push(text.slice(0, 100))
  }
  const strict = prefs.handling === 'strict'
  if (strict && invalid.length > 0) {
    throw restError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`)
  }
  if (strict) prefs.maxAffected = maxAffected
  return prefs
}

/** Which preferences a kind of request reports as applied (PostgREST's choice per action). */
export interface Applied {
  resolution?: boolean
  missing?: boolean
  return?: boolean
  params?: boolean
  maxAffected?: boolean
}

/**
 * Preference-Applied: the preferences honoured, in PostgREST's order; undefined when none. Count,
 * tx and handling are reported by every action.
 */
export function preferenceApplied(prefs: Preferences, applied: Applied): string | undefined {
  const values: string[] = []
  if (applied.resolution && prefs.resolution) values.push(`resolution=${prefs.resolution}-duplicates`)
  if (applied.missing && prefs.missing) values.push(`missing=${prefs.missing}`)
  if (applied.return && prefs.return) values.push(`return=${prefs.return}`)
  if (applied.params && prefs.singleObject) values.push('params=single-object')
  if (prefs.count) values.push(`count=${prefs.count}`)
  if (prefs.tx) values.push(`tx=${prefs.tx}`)
  if (prefs.handling) values.push(`handling=${prefs.handling}`)
  if (applied.maxAffected && prefs.maxAffected !== null) values.push(`max-affected=${prefs.maxAffected}`)
  return values.length > 0 ? values.join(', ') : undefined
}

export interface RowRange {
  offset: number
  /** Inclusive upper bound, or null for open-ended. */
  last: number | null
}

/** `Range: 0-5` (with `Range-Unit: items`), or null when absent or not an item range. */
export function parseRange(header: string | undefined, unit: string | undefined): RowRange | null {
  if (!header) return null
  if (unit && unit.trim().toLowerCase() !== 'items') return null
  const match = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header)
  if (!match) return null
  const offset = Number(match[1])
  const last = match[2] === '' ? null : Number(match[2])
  if (last !== null && last < offset) {
    throw restError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `The lower boundary (${offset}) must be less than or equal to the upper boundary (${last}).`,
    )
  }
  return { offset, last }
}

export interface Representation {
  single: boolean
  stripNulls: boolean
  /** Accept: text/csv on a read. */
  csv?: boolean
  /** Accept: application/vnd.pgrst.plan(+json|+text): the statement's EXPLAIN, when enabled. */
  plan?: 'json' | 'text'
  /** The plan's `options=analyze|verbose|settings|buffers|wal`. */
  planOptions?: PlanOption[]
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const
export type PlanOption = (typeof PLAN_OPTIONS)[number]

/** The EXPLAIN options named by a plan media type's `options=` parameter (others are ignored). */
function planOptionsOf(parameters: readonly string[]): PlanOption[] {
  const named =
    parameters
      .find((parameter) => parameter.startsWith('options='))
      ?.slice('options='.length)
      .replace(/"/g, '') ?? ''
  return PLAN_OPTIONS.filter((option) => named.split('|').includes(option))
}

const ARRAY_TYPES = new Set(['application/json', 'application/vnd.pgrst.array+json', '*/*', 'application/*'])
const OBJECT_TYPE = 'application/vnd.pgrst.object+json'

const ARRAY: Representation = Object.freeze({ single: false, stripNulls: false })
/** The Accept values supabase-js sends, answered without parsing (none of them is a plan type). */
const COMMON: ReadonlyMap<string, Representation> = new Map([
  ['application/json', ARRAY],
  ['*/*', ARRAY],
  [OBJECT_TYPE, Object.freeze({ single: true, stripNulls: false })],
  ['text/csv', Object.freeze({ single: false, stripNulls: false, csv: true })],
])

/** The first acceptable media type of Accept; 406 PGRST107 when none is one we produce. */
export function parseAccept(header: string | undefined, planEnabled = false): Representation {
  if (!header) return ARRAY
  const common = COMMON.get(header)
  if (common) return common
  if (header.trim() === '') return ARRAY
  for (const range of header.split(',')) {
    const [type, ...parameters] = range.split(';').map((s) => s.trim().toLowerCase())
    // db-plan-enabled: off by default (EXPLAIN tells a caller about tables and indexes).
    if (planEnabled && (type === 'application/vnd.pgrst.plan' || type === 'application/vnd.pgrst.plan+json'))
      return { single: false, stripNulls: false, plan: 'json', planOptions: planOptionsOf(parameters) }
    if (planEnabled && type === 'application/vnd.pgrst.plan+text')
      return { single: false, stripNulls: false, plan: 'text', planOptions: planOptionsOf(parameters) }
    const stripNulls = parameters.includes('nulls=stripped')
    if (type === OBJECT_TYPE) return { single: true, stripNulls }
    if (type === 'text/csv') return { single: false, stripNulls: false, csv: true }
    if (ARRAY_TYPES.has(type)) return { single: false, stripNulls }
  }
  throw restError(406, 'PGRST107', `None of these media types are available: ${header}`)
}
