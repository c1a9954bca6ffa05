// Pieces of SQL shared by reads, writes and function calls: identifiers (always catalogue names),
// bound parameters, WHERE clauses from filter trees, select lists and ORDER BY. Request values only
// ever become bound parameters; the only request-derived text in SQL is chosen from fixed tables
// (operators, cast types, sort directions).
import type { Catalogue, Column, Relation, RoutineInfo } from './catalogue.ts'
import { parseError, readColumnNotFound } from './errors.ts'
import {
  jsonPathKey,
  type Aggregate,
  type ColumnItem,
  type Condition,
  type Field,
  type FilterNode,
  type JsonStep,
  type OrderTerm,
  type SelectItem,
} from './parse-query.ts'

/** Double-quotes an identifier taken from the catalogue. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

export class Params {
  readonly values: (string | null)[] = []

  add(value: string | null): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** What a query reads from: a table or view, or a function's result. */
export interface Source {
  /** Name used in error messages (the relation or function name). */
  label: string
  columns: ReadonlyMap<string, Column>
  columnOrder: readonly string[]
  /** Computed fields of the relation, callable with `rowRef` (a whole row of its type). */
  computed?: ReadonlyMap<string, RoutineInfo>
  rowRef?: string
}

export function column(source: Source, name: string): Column {
  const found = source.columns.get(name)
  if (!found) throw readColumnNotFound(source.label, name)
  return found
}

/** A schema-qualified name from the catalogue. */
export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`
}

export function tableSql(relation: Relation): string {
  return qualified(relation.schema, relation.name)
}

/**
 * What a read of `relation` can name: its columns and computed fields. `rowRef` is the SQL of one
 * whole row of it (the FROM item's name, or a cast where the FROM item is a function's result).
 */
export function relationSource(relation: Relation, catalogue?: Catalogue, rowRef: string = ident(relation.name)): Source {
  return { label: relation.name, columns: relation.columns, columnOrder: relation.columnOrder, computed: catalogue?.computedFieldsOf(relation.name), rowRef }
}

/** Whether `name` is one of the source's computed fields rather than a column. */
export function isComputed(source: Source, name: string): boolean {
  return !source.columns.has(name) && source.rowRef !== undefined && source.computed?.has(name) === true
}

function jsonPathSql(sql: string, path: readonly JsonStep[], params: Params): string {
  // Keys are bound parameters; the parameter's type picks the object-key or array-index operator.
  for (const step of path) sql = `${sql}${step.arrow}${params.add(step.key)}::${step.index ? 'int4' : 'text'}`
  return path.length > 0 ? `(${sql})` : sql
}

/**
 * The SQL of a column, computed field (`fn(row)`) or JSON path into either; `qualifier` is the
 * FROM alias with its dot, or ''.
 */
export function fieldSql(source: Source, field: Field, qualifier: string, params: Params): string {
  let sql: string
  if (isComputed(source, field.column)) {
    const routine = source.computed?.get(field.column) as RoutineInfo
    sql = `${qualified(routine.schema, routine.name)}(${source.rowRef})`
  } else {
    sql = `${qualifier}${ident(column(source, field.column).name)}`
  }
  return jsonPathSql(sql, field.json, params)
}

/** The JSON key of a selected field: its alias, the last key of its JSON path, or its name. */
export function fieldKey(item: { alias: string | null; aggregate?: Aggregate | null } & Field): string {
  return item.alias ?? item.aggregate ?? jsonPathKey(item)
}

/** A select item's value: the (cast) field, or an aggregate of it with its own cast. */
export function itemSql(item: ColumnItem, field: string): string {
  const value = castSql(field, item.cast)
  if (item.aggregate === null) return value
  return castSql(`${item.aggregate}(${value})`, item.aggregateCast)
}

/**
 * ` group by …` when the select list aggregates: every other selected field groups the rows, as
 * PostgREST groups them; '' otherwise.
 */
export function groupBySql(entries: readonly { sql: string; grouped: boolean }[], aggregated: boolean): string {
  if (!aggregated) return ''
  const keys = entries.filter((entry) => entry.grouped).map((entry) => entry.sql)
  return keys.length > 0 ? ` group by ${keys.join(', ')}` : ''
}

const COMPARISON: Partial<Record<Condition['op'], string>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
}
const TEXT_SEARCH: Partial<Record<Condition['op'], string>> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
}
const IS_SQL: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' }

/** A Postgres array literal of text elements, every element quoted. */
export function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`
}

/** PostgREST's `*` wildcard for like/ilike (URLs cannot carry % comfortably). */
function likePattern(value: string): string {
  return value.replace(/\*/g, '%')
}

function conditionSql(condition: Condition, source: Source, params: Params, qualifier: string): string {
  const col = fieldSql(source, condition, qualifier, params)
  const value = condition.value
  let sql: string
  if (condition.op === 'is') {
    sql = `${col} is ${IS_SQL[value as string]}`
  } else if (condition.op === 'in') {
    sql = `${col} = any(${params.add(arrayLiteral(value as string[]))})`
  } else if (TEXT_SEARCH[condition.op]) {
    const fn = TEXT_SEARCH[condition.op] as string
    const query = params.add(value as string)
    sql = condition.language === null ? `${col} @@ ${fn}(${query})` : `${col} @@ ${fn}(${params.add(condition.language)}::regconfig, ${query})`
  } else {
    const operator = COMPARISON[condition.op] as string
    const text = condition.op === 'like' || condition.op === 'ilike' ? likePattern(value as string) : (value as string)
    const param = params.add(text)
    sql = condition.quantifier ? `${col} ${operator} ${condition.quantifier}(${param})` : `${col} ${operator} ${param}`
  }
  return condition.negate ? `not (${sql})` : sql
}

function nodeSql(node: FilterNode, source: Source, params: Params, qualifier: string): string {
  if (node.kind === 'condition') return conditionSql(node, source, params, qualifier)
  const parts = node.children.map((child) => nodeSql(child, source, params, qualifier))
  const joined = `(${parts.join(node.op === 'and' ? ' and ' : ' or ')})`
  return node.negate ? `not ${joined}` : joined
}

/** The filters as SQL conditions (to be ANDed); columns prefixed with `alias.` when given. */
export function filterConditions(filters: readonly FilterNode[], source: Source, params: Params, alias: string | null = null): string[] {
  return filters.map((f) => nodeSql(f, source, params, alias ? `${alias}.` : ''))
}

/** ` where ...` for the filters (ANDed), or '' when there are none. */
export function whereSql(filters: readonly FilterNode[], source: Source, params: Params): string {
  if (filters.length === 0) return ''
  return ` where ${filterConditions(filters, source, params).join(' and ')}`
}

/** Sort keys of ORDER BY; `embedded` gives the SQL of an `embed(column)` term. */
export function orderTerms(
  order: readonly OrderTerm[],
  source: Source,
  params: Params,
  alias: string | null = null,
  embedded?: (term: OrderTerm) => string,
): string[] {
  return order.map((term) => {
    const key = term.embed !== undefined && embedded ? embedded(term) : fieldSql(source, term, alias ? `${alias}.` : '', params)
    let sql = `${key} ${term.descending ? 'desc' : 'asc'}`
    if (term.nulls) sql += term.nulls === 'first' ? ' nulls first' : ' nulls last'
    return sql
  })
}

export function orderSql(order: readonly OrderTerm[], source: Source, params: Params): string {
  if (order.length === 0) return ''
  const embedded = order.find((term) => term.embed !== undefined)
  if (embedded)
    throw parseError(`"failed to parse order (${embedded.embed}(${embedded.column}))"`, 'Ordering by an embedded resource needs that resource in select.')
  return ` order by ${orderTerms(order, source, params).join(', ')}`
}

/** Casts a select item may ask for, mapped to the type written into SQL. */
const CASTS: Record<string, string> = {
  text: 'text',
  varchar: 'varchar',
  char: 'char',
  uuid: 'uuid',
  json: 'json',
  jsonb: 'jsonb',
  int: 'int4',
  int2: 'int2',
  int4: 'int4',
  int8: 'int8',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  numeric: 'numeric',
  decimal: 'numeric',
  real: 'float4',
  float4: 'float4',
  float8: 'float8',
  'double precision': 'float8',
  bool: 'boolean',
  boolean: 'boolean',
  date: 'date',
  time: 'time',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  interval: 'interval',
  'text[]': 'text[]',
  'int[]': 'int4[]',
  'int4[]': 'int4[]',
  'int8[]': 'int8[]',
  'uuid[]': 'uuid[]',
}

/** `sql::type` for a select item's cast (types from a fixed table), or `sql` without one. */
export function castSql(sql: string, cast: string | null): string {
  if (cast === null) return sql
  const type = CASTS[cast]
  if (!type) throw parseError(`"failed to parse select parameter"`, `Unknown cast "${cast}".`)
  return `${sql}::${type}`
}

export interface Projection {
  /** Select list of the inner query (over the source). */
  inner: string
  /** JSON value of one row of the inner query, aliased pgrst_t. */
  row: string
  /** ` group by …` of the inner query when it aggregates. */
  groupBy: string
  /** The answer's keys, in order: the columns of the inner query. */
  keys: readonly string[]
}

const MAX_BUILT_KEYS = 50 // json_build_object takes at most 100 arguments

/**
 * The select list. Plain column lists keep the row as it is (json of the row: fastest). With
 * aliases, casts, JSON paths, computed fields or aggregates the JSON keys are bound parameters, so
 * no name from the request enters SQL.
 */
export function projection(select: readonly SelectItem[], source: Source, params: Params, withRow = true): Projection {
  const onlyStar = select.every((item) => item.kind === 'star')
  if (onlyStar) return { inner: '*', row: 'pgrst_t', groupBy: '', keys: source.columnOrder }
  const plain = select.every(
    (item) =>
      item.kind === 'column' &&
      item.alias === null &&
      item.cast === null &&
      item.aggregate === null &&
      item.json.length === 0 &&
      !isComputed(source, item.column),
  )
  if (plain) {
    const names = select.map((item) => column(source, (item as { column: string }).column).name)
    return { inner: names.map(ident).join(', '), row: 'pgrst_t', groupBy: '', keys: names }
  }
  if (select.some((item) => item.kind === 'embed')) {
    throw parseError('"failed to parse select parameter"', 'Embedded resources need a table to embed from.')
  }
  const entries: { key: string; sql: string; grouped: boolean; group: string }[] = []
  for (const item of select) {
    if (item.kind === 'star') {
      for (const name of source.columnOrder) entries.push({ key: name, sql: ident(name), grouped: true, group: ident(name) })
    } else if (item.kind === 'count') {
      entries.push({ key: item.alias ?? 'count', sql: 'count(*)', grouped: false, group: '' })
    } else if (item.kind === 'column') {
      const field = fieldSql(source, item, '', params)
      entries.push({ key: fieldKey(item), sql: itemSql(item, field), grouped: item.aggregate === null, group: field })
    }
  }
  if (entries.length > MAX_BUILT_KEYS) {
    throw parseError('"failed to parse select parameter"', `At most ${MAX_BUILT_KEYS} columns can be selected with aliases or casts.`)
  }
  const aggregated = entries.some((entry) => !entry.grouped)
  const inner = entries.map((entry, index) => `${entry.sql} as c${index}`).join(', ')
  // An unused parameter has no type and fails the statement: the keys are bound only when used.
  const row = withRow ? `json_build_object(${entries.map((entry, index) => `${params.add(entry.key)}::text, pgrst_t.c${index}`).join(', ')})` : ''
  return {
    inner,
    row,
    keys: entries.map((entry) => entry.key),
    groupBy: groupBySql(
      entries.map((entry) => ({ sql: entry.group, grouped: entry.grouped })),
      aggregated,
    ),
  }
}
