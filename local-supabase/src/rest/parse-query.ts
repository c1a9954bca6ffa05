// The query-string grammar of PostgREST, as supabase-js writes it: select lists, column filters
// (`col=not.op.value`), logic trees (`or=(a.eq.1,and(b.gt.2,c.is.null))`), order, limit/offset,
// on_conflict and columns. Produces a tree of plain values: nothing here is SQL, and nothing is
// trusted yet (names are checked against the catalogue when SQL is built).
import { jsonTooDeep, MAX_JSON_DEPTH, MAX_LOGIC_DEPTH, parenthesesTooDeep } from '../json-limits.ts'
import { parseError, restError } from './errors.ts'

export type SelectItem =
  | { kind: 'star' }
  | ColumnItem
  | EmbedItem
  /** `count()` (or `count`) inside an embed: the number of embedded rows. */
  | { kind: 'count'; alias: string | null }

export const AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const
export type Aggregate = (typeof AGGREGATES)[number]

/** `alias:column->path::cast`, or an aggregate of it: `alias:column::cast.sum()::cast`. */
export interface ColumnItem {
  kind: 'column'
  column: string
  json: JsonStep[]
  alias: string | null
  /** Cast of the column (before any aggregate). */
  cast: string | null
  aggregate: Aggregate | null
  /** Cast of the aggregate's result. */
  aggregateCast: string | null
}

/** `alias:table!hint!inner(select…)` or `...table(select…)`: a related table, embedded. */
export interface EmbedItem {
  kind: 'embed'
  /** The related table as written. */
  name: string
  alias: string | null
  /** Foreign key name, column name or junction table that picks one relationship. */
  hint: string | null
  join: 'inner' | 'left' | null
  spread: boolean
  select: SelectItem[]
}

/** Filters, order and paging on an embedded resource (`posts.title=eq.x`, `posts.order=…`). */
export interface EmbedOptions {
  filters: FilterNode[]
  order: OrderTerm[]
  limit: number | null
  offset: number | null
}

/** Deepest embedding accepted (embeds within embeds). */
export const MAX_EMBED_DEPTH = 8

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const
export type Operator = (typeof OPERATORS)[number]

const QUANTIFIABLE = new Set<Operator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'])
const TEXT_SEARCH = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts'])
export const IS_VALUES = ['null', 'true', 'false', 'unknown'] as const

/** One step of a JSON path: `->key` (json), `->>key` (text); a whole number is an array index. */
export interface JsonStep {
  arrow: '->' | '->>'
  key: string
  index: boolean
}

export interface Condition {
  kind: 'condition'
  column: string
  json: JsonStep[]
  negate: boolean
  op: Operator
  /** `eq(any).{a,b}`: compare with any/all elements of an array literal. */
  quantifier: 'any' | 'all' | null
  /** Text-search configuration of `fts(english).word`. */
  language: string | null
  /** A list for `in`, otherwise the raw text. */
  value: string | string[]
}

export interface Logic {
  kind: 'logic'
  op: 'and' | 'or'
  negate: boolean
  children: FilterNode[]
}

export type FilterNode = Condition | Logic

export interface OrderTerm {
  /** `order=author(name).asc`: a column of an embedded to-one resource. */
  embed?: string
  column: string
  json: JsonStep[]
  descending: boolean
  nulls: 'first' | 'last' | null
}

export interface ParsedQuery {
  select: SelectItem[]
  filters: FilterNode[]
  order: OrderTerm[]
  limit: number | null
  offset: number | null
  onConflict: string[] | null
  columns: string[] | null
  /** Per embed path ('author', 'posts.comments'): its filters, order and paging. */
  embedded: Map<string, EmbedOptions>
}

/** Query parameters that are not filters. `apikey` is the gateway's (Supabase accepts it there). */
export const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'apikey'])
export const LOGIC_KEY = /^(not\.)?(and|or)$/

export interface ParseOptions {
  /** For RPC: parameters with these names are function arguments, not filters. */
  argumentNames?: ReadonlySet<string>
  /** db-aggregates-enabled: without it, an aggregate in select is PGRST123. */
  aggregates?: boolean
}

function usesAggregates(items: readonly SelectItem[], top: boolean): boolean {
  return items.some(
    (item) =>
      (item.kind === 'column' && item.aggregate !== null) || (top && item.kind === 'count') || (item.kind === 'embed' && usesAggregates(item.select, false)),
  )
}

export function parseQuery(params: URLSearchParams, options: ParseOptions = {}): ParsedQuery {
  const query: ParsedQuery = {
    select: [{ kind: 'star' }],
    filters: [],
    order: [],
    limit: null,
    offset: null,
    onConflict: null,
    columns: null,
    embedded: new Map(),
  }
  for (const [key, value] of params) {
    if (options.argumentNames?.has(key)) continue
    const embedded = embeddedKey(key)
    if (embedded) {
      parseEmbeddedParam(query, embedded.path, embedded.last, value)
      continue
    }
    switch (key) {
      case 'select':
        query.select = parseSelect(value)
        continue
      case 'order':
        query.order = parseOrder(value)
        continue
      case 'limit':
        query.limit = parseCount(value, 'limit')
        continue
      case 'offset':
        query.offset = parseCount(value, 'offset')
        continue
      case 'on_conflict':
        query.onConflict = parseNameList(value, 'on_conflict')
        continue
      case 'columns':
        query.columns = parseNameList(value, 'columns')
        continue
    }
    if (RESERVED.has(key)) continue
    const logic = LOGIC_KEY.exec(key)
    if (logic) {
      // Checked in one pass before the recursive parse (and Postgres' recursive planner) sees it.
      if (parenthesesTooDeep(value, MAX_LOGIC_DEPTH + 1)) {
        throw parseError(`"failed to parse logic tree"`, `Logic trees may nest at most ${MAX_LOGIC_DEPTH} levels deep.`)
      }
      query.filters.push({ kind: 'logic', op: logic[2] as 'and' | 'or', negate: Boolean(logic[1]), children: parseLogicList(value, key) })
      continue
    }
    query.filters.push(parseCondition(checkColumnKey(key), value))
  }
  if (!options.aggregates && usesAggregates(query.select, true)) {
    throw restError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
  }
  return query
}

/** `posts.title`, `posts.order`, `author.posts.limit`: the embed path and the last part. */
function embeddedKey(key: string): { path: string; last: string } | null {
  const arrow = key.indexOf('->')
  const head = arrow < 0 ? key : key.slice(0, arrow)
  if (key.startsWith('"') || !head.includes('.')) return null
  const parts = head.split('.')
  if (parts.length - 1 > MAX_EMBED_DEPTH || parts.some((part) => part === '')) {
    throw parseError(`"failed to parse filter (${key.slice(0, 100)})"`, 'An embedded filter names a resource path and a column.')
  }
  // not.or / not.and are logic keys of the top level, not a path.
  if (parts.length === 2 && parts[0] === 'not' && (parts[1] === 'or' || parts[1] === 'and')) return null
  return { path: parts.slice(0, -1).join('.'), last: parts[parts.length - 1] + (arrow < 0 ? '' : key.slice(arrow)) }
}

function embedOptions(query: ParsedQuery, path: string): EmbedOptions {
  let options = query.embedded.get(path)
  if (!options) {
    options = { filters: [], order: [], limit: null, offset: null }
    query.embedded.set(path, options)
  }
  return options
}

function parseEmbeddedParam(query: ParsedQuery, path: string, last: string, value: string): void {
  const options = embedOptions(query, path)
  if (last === 'order') options.order = parseOrder(value)
  else if (last === 'limit') options.limit = parseCount(value, 'limit')
  else if (last === 'offset') options.offset = parseCount(value, 'offset')
  else if (last === 'or' || last === 'and') {
    if (parenthesesTooDeep(value, MAX_LOGIC_DEPTH + 1)) {
      throw parseError(`"failed to parse logic tree"`, `Logic trees may nest at most ${MAX_LOGIC_DEPTH} levels deep.`)
    }
    options.filters.push({ kind: 'logic', op: last, negate: false, children: parseLogicList(value, last) })
  } else options.filters.push(parseCondition(parseField(last, 'filter'), value))
}

function checkColumnKey(key: string): Field {
  const field = parseField(key, 'filter')
  if (field.column.includes('.') && !key.startsWith('"')) {
    throw parseError(`"failed to parse filter (${key})"`, 'A filter on an embedded resource is written "resource.column=op.value".')
  }
  return field
}

/** A column and its JSON path, as named in select, filters and order. */
export interface Field {
  column: string
  json: JsonStep[]
}

const MAX_JSON_PATH = 16

/** `name`, `"quoted name"`, `data->a->>b`, `data->0`: the column and the JSON path after it. */
export function parseField(text: string, context: string): Field {
  const quoted = /^"((?:[^"\\]|\\.)*)"/.exec(text)
  const nameEnd = quoted ? quoted[0].length : text.indexOf('->') < 0 ? text.length : text.indexOf('->')
  const column = quoted ? unquote(quoted[0]) : text.slice(0, nameEnd)
  const rest = text.slice(nameEnd)
  const fail = () =>
    parseError(`"failed to parse ${context} (${text.slice(0, 200)})"`, 'A JSON path is written column->key or column->>key, one key per arrow.')
  if (rest === '') return { column, json: [] }
  const parts = rest.split(/(->>?)/)
  // split leaves '' first (rest starts with an arrow), then arrow, key, arrow, key...
  if (parts[0] !== '' || parts.length % 2 === 0 || (parts.length - 1) / 2 > MAX_JSON_PATH) throw fail()
  const json: JsonStep[] = []
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i + 1]
    if (key === '') throw fail()
    json.push({ arrow: parts[i] as '->' | '->>', key, index: /^-?\d{1,9}$/.test(key) })
  }
  if (json.slice(0, -1).some((step) => step.arrow === '->>')) throw fail()
  return { column, json }
}

/** The JSON key PostgREST gives a JSON path: its last key (an index keeps the last key before it). */
export function jsonPathKey(field: Field): string {
  const keys = field.json.filter((step) => !step.index)
  const last = field.json[field.json.length - 1]
  if (last === undefined) return field.column
  return last.index ? (keys[keys.length - 1]?.key ?? field.column) : last.key
}

function parseCount(value: string, name: string): number {
  if (!/^\d{1,15}$/.test(value)) throw parseError(`"failed to parse ${name} parameter (${value})"`, `${name} must be a non-negative integer.`)
  return Number(value)
}

function unquote(name: string): string {
  if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) return name.slice(1, -1).replace(/\\(.)/g, '$1')
  return name
}

function parseNameList(value: string, parameter: string): string[] {
  const names = splitTopLevel(value, parameter).map((n) => unquote(n.trim()))
  if (names.some((n) => n === '')) throw parseError(`"failed to parse ${parameter} parameter (${value})"`, 'A column name is empty.')
  return names
}

/**
 * Splits on commas that are outside double quotes and parentheses. A backslash inside quotes
 * escapes the next character (PostgREST's quoting for values with commas or parentheses).
 */
export function splitTopLevel(text: string, context: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '\\') i++
      else if (ch === '"') quoted = false
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === '(') depth++
    else if (ch === ')') {
      depth--
      if (depth < 0) throw parseError(`"failed to parse ${context} (${text})"`, 'Unbalanced parentheses.')
    } else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  if (quoted || depth !== 0) throw parseError(`"failed to parse ${context} (${text})"`, 'Unbalanced quotes or parentheses.')
  parts.push(text.slice(start))
  return parts
}

// select ------------------------------------------------------------------------------------------

const CAST_NAME = /^[a-z][a-z0-9_ ]*(\[\])?$/

export function parseSelect(value: string): SelectItem[] {
  if (value.trim() === '') return [{ kind: 'star' }]
  if (parenthesesTooDeep(value, MAX_EMBED_DEPTH)) {
    throw parseError('"failed to parse select parameter"', `Embedded resources may nest at most ${MAX_EMBED_DEPTH} levels deep.`)
  }
  return splitTopLevel(value, 'select').map((raw) => parseSelectItem(raw.trim(), value))
}

const AGGREGATE_ITEM = /^(?:([^:()!"]+):(?!:))?([^()!]+?)\.(count|sum|avg|min|max)\(\)(?:::(.+))?$/s
const EMBED_ITEM = /^(\.\.\.)?(?:([^:()!"]+):(?!:))?([^:()!"]+)((?:![^!()]+)*)\((.*)\)$/s
const COUNT_ITEM = /^(?:([^:()!"]+):(?!:))?count\(\)$/

function parseSelectItem(item: string, whole: string): SelectItem {
  const fail = (details: string) => parseError(`"failed to parse select parameter (${whole.slice(0, 200)})"`, details)
  if (item === '*') return { kind: 'star' }
  if (item === '') throw fail('An item of the select list is empty.')
  const counted = COUNT_ITEM.exec(item)
  if (counted) return { kind: 'count', alias: counted[1]?.trim() ?? null }
  const aggregated = AGGREGATE_ITEM.exec(item)
  if (aggregated) {
    const aggregateCast = aggregated[4]?.toLowerCase() ?? null
    if (aggregateCast !== null && !CAST_NAME.test(aggregateCast)) throw fail(`Unknown cast "${aggregateCast}".`)
    const inner = parseSelectItem(`${aggregated[1] ? `${aggregated[1]}:` : ''}${aggregated[2]}`, whole)
    if (inner.kind !== 'column') throw fail(`Cannot aggregate "${item.slice(0, 100)}".`)
    return { ...inner, aggregate: aggregated[3] as Aggregate, aggregateCast }
  }
  const embed = EMBED_ITEM.exec(item)
  if (embed) {
    let hint: string | null = null
    let join: 'inner' | 'left' | null = null
    for (const modifier of embed[4]
      .split('!')
      .slice(1)
      .map((m) => m.trim())) {
      if (modifier === 'inner' || modifier === 'left') join = modifier
      else if (hint === null && modifier !== '') hint = modifier
      else throw fail(`Cannot read the embedding modifiers of "${item.slice(0, 100)}".`)
    }
    return {
      kind: 'embed',
      name: embed[3].trim(),
      alias: embed[2]?.trim() ?? null,
      hint,
      join,
      spread: Boolean(embed[1]),
      // `messages()`: embedded only to filter by (`!inner`, `messages=not.is.null`), not answered.
      select: embed[5].trim() === '' ? [] : parseSelect(embed[5]),
    }
  }
  if (item.startsWith('...') || item.includes('(') || item.includes('!')) {
    throw fail(`Cannot read "${item.slice(0, 100)}" as a column or an embedded resource.`)
  }
  let alias: string | null = null
  let rest = item
  const aliasMatch = /^("(?:[^"\\]|\\.)+"|[^:"]+):(?!:)/.exec(item)
  if (aliasMatch) {
    alias = unquote(aliasMatch[1])
    rest = item.slice(aliasMatch[0].length)
  }
  let cast: string | null = null
  const castAt = rest.lastIndexOf('::')
  if (castAt >= 0) {
    cast = rest.slice(castAt + 2).toLowerCase()
    rest = rest.slice(0, castAt)
    if (!CAST_NAME.test(cast)) throw fail(`Unknown cast "${cast}".`)
  }
  const { column, json } = parseField(rest, 'select parameter')
  if (column === '' || column.includes('"') || (alias !== null && alias === '')) throw fail(`Cannot read "${item}".`)
  return { kind: 'column', column, json, alias, cast, aggregate: null, aggregateCast: null }
}

// order -------------------------------------------------------------------------------------------

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value, 'order').map((raw) => {
    const fail = (details: string) => parseError(`"failed to parse order (${value})"`, details)
    const term = raw.trim()
    const byEmbed = /^([^()."]+)\(([^()."]+)\)((?:\.[a-z]+)*)$/.exec(term)
    if (byEmbed) {
      const sorted = parseOrder(`${byEmbed[2]}${byEmbed[3]}`)[0]
      return { ...sorted, embed: byEmbed[1] }
    }
    if (term.includes('(')) throw fail(`Cannot read "${term}" as a column to order by.`)
    // A quoted column may contain dots; the modifiers follow it.
    const quoted = /^("(?:[^"\\]|\\.)+"(?:->>?[^.]+)*)(.*)$/.exec(term)
    const [name, modifiers] = quoted ? [quoted[1], quoted[2].split('.').slice(1)] : [term.split('.')[0], term.split('.').slice(1)]
    const { column, json } = parseField(name, 'order')
    if (column === '') throw fail('A column name is empty.')
    let descending = false
    let nulls: 'first' | 'last' | null = null
    for (const modifier of modifiers) {
      if (modifier === 'asc') descending = false
      else if (modifier === 'desc') descending = true
      else if (modifier === 'nullsfirst') nulls = 'first'
      else if (modifier === 'nullslast') nulls = 'last'
      else throw fail(`Unknown order modifier "${modifier}": expected asc, desc, nullsfirst or nullslast.`)
    }
    return { column, json, descending, nulls }
  })
}

// filters -----------------------------------------------------------------------------------------

/** `[not.]op[(any|all)|(config)].value`, the right-hand side of `column=...`. */
export function parseCondition({ column, json }: Field, text: string, insideLogic = false): Condition {
  const fail = (details: string) => parseError(`"failed to parse filter (${text})"`, details)
  let rest = text
  let negate = false
  if (rest.startsWith('not.')) {
    negate = true
    rest = rest.slice(4)
  }
  const match = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest)
  if (!match) {
    const opName = /^[a-z]*/.exec(rest)?.[0] ?? ''
    if (opName && !(OPERATORS as readonly string[]).includes(opName)) throw unknownOperator(opName, text)
    throw fail('Expected "operator.value", for example "eq.1".')
  }
  const opName = match[1]
  if (!(OPERATORS as readonly string[]).includes(opName)) throw unknownOperator(opName, text)
  const op = opName as Operator
  let quantifier: 'any' | 'all' | null = null
  let language: string | null = null
  if (match[2] !== undefined) {
    if (QUANTIFIABLE.has(op) && (match[2] === 'any' || match[2] === 'all')) quantifier = match[2]
    else if (TEXT_SEARCH.has(op) && /^[a-z_][a-z0-9_]*$/.test(match[2])) language = match[2]
    else throw fail(`"${op}(${match[2]})" is not a valid operator modifier.`)
  }
  let raw = rest.slice(match[0].length)
  // A JSON or array value is parsed recursively by Postgres.
  if (jsonTooDeep(raw)) throw fail(`The value is nested deeper than ${MAX_JSON_DEPTH} levels.`)
  if (op === 'in') return { kind: 'condition', column, json, negate, op, quantifier, language, value: parseInList(raw, text) }
  if (op === 'is') {
    const lower = raw.toLowerCase()
    if (!(IS_VALUES as readonly string[]).includes(lower)) throw fail(`"is" takes null, true, false or unknown, not "${raw}".`)
    raw = lower
  }
  if (quantifier !== null && !/^\{.*\}$/s.test(raw)) throw fail(`"${op}(${quantifier})" takes a list in braces, e.g. {a,b}.`)
  if (insideLogic && raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) raw = unquote(raw)
  return { kind: 'condition', column, json, negate, op, quantifier, language, value: raw }
}

function unknownOperator(op: string, text: string) {
  return parseError(
    `"failed to parse filter (${text})"`,
    `Unknown operator "${op}". Known operators: ${OPERATORS.join(', ')} (each may be prefixed with "not.").`,
  )
}

/** `(a,b,"c,d")`: PostgREST's list syntax, double quotes protecting commas and parentheses. */
export function parseInList(raw: string, text: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError(`"failed to parse filter (${text})"`, '"in" takes a list in parentheses, e.g. in.(1,2,3).')
  const inner = raw.slice(1, -1)
  if (inner === '') return []
  return splitTopLevel(inner, 'filter').map((item) => unquote(item.trim()))
}

/** `(cond,cond,and(...))` of `or=` / `and=` / `not.or=`, nested to any depth. */
export function parseLogicList(value: string, key: string): FilterNode[] {
  const fail = (details: string) => parseError(`"failed to parse logic tree (${value})"`, details)
  if (!value.startsWith('(') || !value.endsWith(')')) throw fail(`"${key}" takes a list in parentheses, e.g. ${key}=(a.eq.1,b.eq.2).`)
  const inner = value.slice(1, -1)
  if (inner.trim() === '') throw fail('The list is empty.')
  return splitTopLevel(inner, 'logic tree').map((item) => {
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item)
    if (nested) return { kind: 'logic', op: nested[2] as 'and' | 'or', negate: Boolean(nested[1]), children: parseLogicList(nested[3], nested[2]) }
    const dot = item.startsWith('"') ? item.indexOf('.', item.indexOf('"', 1)) : item.indexOf('.')
    if (dot <= 0 || item[dot] !== '.') throw fail(`Expected "column.operator.value" in "${item}".`)
    return parseCondition(checkColumnKey(item.slice(0, dot)), item.slice(dot + 1), true)
  })
}
