// One SQL statement per request, answering with one row: (rows in this page, total or null, body).
// The JSON body is built inside Postgres (json_agg over the page) and passed through as text, and
// the exact count, when asked for, comes from the same statement.
import type { Catalogue, Relation, RoutineInfo } from './catalogue.ts'
import { checkEmbeddedPaths, EmbedBuilder } from './embed.ts'
import { restError, writeColumnNotFound } from './errors.ts'
import type { ParsedQuery } from './parse-query.ts'
import type { RowRange } from './parse-headers.ts'
import type { Statement } from './executor.ts'
import {
  filterConditions,
  ident,
  qualified as qualifiedName,
  orderSql,
  orderTerms,
  Params,
  projection,
  relationSource,
  tableSql,
  whereSql,
  type Source,
} from './sql-parts.ts'

export { relationSource, tableSql }

export interface ReadOptions {
  count: boolean
  /** HEAD: counts only, no body. */
  head: boolean
  stripNulls: boolean
  range: RowRange | null
  /** Accept: text/csv: the body built as CSV where the columns are plain (not embeds). */
  csv?: boolean
  /** db-max-rows: at most this many rows in one answer (none: no cap). */
  maxRows?: number | null
}

/** A read, with the query whose planned row count answers `Prefer: count=planned|estimated`. */
export interface ReadStatement extends Statement {
  /** `select 1 from <rows> where <filters>`: what PostgREST asks Postgres to estimate. */
  countQuery: Statement
  /** The body is CSV already (else JSON). */
  csv?: boolean
}

export interface Page {
  offset: number
  limit: number | null
}

/** limit/offset intersected with the Range header, as PostgREST combines them. */
export function pageOf(query: ParsedQuery, range: RowRange | null, maxRows: number | null = null): Page {
  let start = query.offset ?? 0
  let end = query.limit === null ? Infinity : start + query.limit - 1
  if (range) {
    start = Math.max(start, range.offset)
    end = Math.min(end, range.last ?? Infinity)
  }
  if (maxRows !== null) end = Math.min(end, start + maxRows - 1)
  return { offset: start, limit: end === Infinity ? null : Math.max(0, end - start + 1) }
}

function pageSql(page: Page, params: Params): string {
  let sql = ''
  if (page.limit !== null) sql += ` limit ${params.add(String(page.limit))}`
  if (page.offset > 0) sql += ` offset ${params.add(String(page.offset))}`
  return sql
}

/**
 * CSV as PostgREST writes it: the keys, then each row in Postgres' text form of a record without its
 * parentheses (values with commas, quotes, spaces or parentheses in double quotes, quotes doubled,
 * booleans t and f, null empty). No rows: an empty header.
 */
function csvBodySql(keys: readonly string[], params: Params): string {
  const header = `case when count(*) = 0 then '' else ${params.add(keys.join(','))}::text end`
  return `${header} || E'\n' || coalesce(string_agg(substring(pgrst_t::text, 2, length(pgrst_t::text) - 2), E'\n'), '')`
}

function bodySql(row: string, stripNulls: boolean): string {
  const agg = `coalesce(json_agg(${row}), '[]')`
  return `${stripNulls ? `json_strip_nulls(${agg})` : agg}::text`
}

/** What a read from a table needs to embed related tables. */
export interface Embedding {
  catalogue: Catalogue
  relation: Relation
  /** The FROM item (aliased pgrst_0) when it is not the relation itself: a function's rows. */
  from?: string
}

/**
 * SELECT over a table, view or a function's rows (`from` is the FROM item, already SQL; `prefix`
 * a WITH clause that `from` reads, so a function runs once even when counted).
 */
export function buildRead(
  from: string,
  source: Source,
  query: ParsedQuery,
  options: ReadOptions,
  params = new Params(),
  prefix = '',
  embedding?: Embedding,
): ReadStatement {
  if (embedding && EmbedBuilder.needed(query)) return buildEmbeddedRead(embedding, query, options, params, prefix)
  const where = whereSql(query.filters, source, params)
  const countQuery = { sql: `${prefix}select 1 from ${from}${where}`, params: params.values.slice() }
  const order = orderSql(query.order, source, params)
  const page = pageSql(pageOf(query, options.range, options.maxRows), params)
  const total = options.count ? `(select count(*) from ${from}${where})` : 'null::int8'
  if (options.head) {
    return {
      sql: `${prefix}select count(*)::int4, ${total}, null::text from (select 1 from ${from}${where}${page}) pgrst_t`,
      params: params.values,
      countQuery,
    }
  }
  const { inner, row, groupBy, keys } = projection(query.select, source, params, !options.csv)
  const body = options.csv ? csvBodySql(keys, params) : bodySql(row, options.stripNulls)
  const sql = `${prefix}select count(*)::int4, ${total}, ${body} from (select ${inner} from ${from}${where}${groupBy}${order}${page}) pgrst_t`
  return { sql, params: params.values, countQuery, csv: options.csv }
}

/** A read whose rows embed related tables (embed.ts): the table is aliased pgrst_0 for correlation. */
function buildEmbeddedRead(
  { catalogue, relation, from: fromItem }: Embedding,
  query: ParsedQuery,
  options: ReadOptions,
  params: Params,
  prefix: string,
): ReadStatement {
  checkEmbeddedPaths(query)
  const builder = new EmbedBuilder(catalogue, params, query.embedded)
  const source = relationSource(relation, catalogue, `pgrst_0::${tableSql(relation)}`)
  const from = `${fromItem ?? tableSql(relation)} as pgrst_0`
  const aboutEmbeds = EmbedBuilder.embedFilters(query.select, query.filters)
  const conditions = [
    ...filterConditions(
      query.filters.filter((f) => !aboutEmbeds.has(f)),
      source,
      params,
    ),
    ...builder.rowConditions(relation, 'pgrst_0', query.select, '', query.filters),
  ]
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : ''
  const countQuery = { sql: `${prefix}select 1 from ${from}${where}`, params: params.values.slice() }
  const terms = orderTerms(query.order, source, params, 'pgrst_0', (term) => builder.orderByEmbed(relation, 'pgrst_0', query.select, term))
  const order = terms.length > 0 ? ` order by ${terms.join(', ')}` : ''
  const page = pageSql(pageOf(query, options.range, options.maxRows), params)
  const total = options.count ? `(select count(*) from ${from}${where})` : 'null::int8'
  if (options.head) {
    return {
      sql: `${prefix}select count(*)::int4, ${total}, null::text from (select 1 from ${from}${where}${page}) pgrst_t`,
      params: params.values,
      countQuery,
    }
  }
  const { object: row, joins, groupBy } = builder.row(relation, 'pgrst_0', query.select, '')
  const sql = `${prefix}select count(*)::int4, ${total}, ${bodySql('pgrst_t.pgrst_j', options.stripNulls)} from (select ${row} as pgrst_j from ${from}${joins}${where}${groupBy}${order}${page}) pgrst_t`
  return { sql, params: params.values, countQuery }
}

// writes ------------------------------------------------------------------------------------------

export interface WriteOptions {
  /** Body of the response: the rows written (with `select`), or none. */
  representation: boolean
  stripNulls: boolean
}

/**
 * The statement's one result row: (rows written, null, body), and for an upsert a fourth column,
 * how many rows were inserted rather than merged (xmax is 0 on a freshly inserted row), so a
 * merge-only upsert answers 200 as PostgREST does.
 */
function returning(relation: Relation, query: ParsedQuery, options: WriteOptions, mutation: string, params: Params, upsert = false): Statement {
  const inserted = upsert ? ', count(*) filter (where pgrst_source.pgrst_inserted)::int4' : ''
  const flag = upsert ? ', (xmax = 0) as pgrst_inserted' : ''
  if (!options.representation) {
    return {
      sql: `with pgrst_source as (${mutation} returning 1 as pgrst_one${flag}) select count(*)::int4, null::int8, null::text${inserted} from pgrst_source`,
      params: params.values,
    }
  }
  const { inner, row } = projection(query.select, relationSource(relation), params)
  const columns = upsert ? relation.columnOrder.map((name) => `pgrst_source.${ident(name)}`).join(', ') : `${tableSql(relation)}.*`
  const rows = upsert
    ? `pgrst_source as (${mutation} returning ${tableSql(relation)}.*${flag}), pgrst_rows as (select ${columns} from pgrst_source)`
    : `pgrst_source as (${mutation} returning ${columns})`
  const from = upsert ? 'pgrst_rows' : 'pgrst_source'
  const sql = `with ${rows} select count(*)::int4, null::int8, ${bodySql(row, options.stripNulls)}${upsert ? `, (select count(*) filter (where pgrst_inserted) from pgrst_source)::int4` : ''} from (select ${inner} from ${from}) pgrst_t`
  return { sql, params: params.values }
}

export function writeColumns(relation: Relation, names: readonly string[]): string[] {
  return names.map((name) => {
    const col = relation.columns.get(name)
    if (!col) throw writeColumnNotFound(relation.name, name)
    return col.name
  })
}

export interface InsertSpec {
  /** Raw JSON body (an object or an array of objects), bound as one parameter. */
  body: string
  columns: string[]
  /** True for `{}` / `[{}]`: one row of defaults. */
  defaultsOnly: boolean
  missingDefault: boolean
  upsert: { conflict: string[]; ignore: boolean } | null
}

export function buildInsert(relation: Relation, query: ParsedQuery, spec: InsertSpec, options: WriteOptions): Statement {
  const params = new Params()
  const table = tableSql(relation)
  let mutation: string
  if (spec.defaultsOnly) {
    mutation = `insert into ${table} default values`
  } else {
    const body = params.add(spec.body)
    const rows = `(case when json_typeof(${body}::json) = 'array' then ${body}::json else json_build_array(${body}::json) end)`
    const cols = spec.columns.map(ident)
    let select: string
    if (spec.missingDefault) {
      // A key absent from a row takes the column default (its expression from the catalogue). As
      // PostgREST, every row evaluates every default, given or not: a sequence advances once per row.
      const defaults = spec.columns.map((name, i) => `${relation.columns.get(name)?.defaultExpr ?? 'null'} as d${i}`)
      const values = spec.columns.map(
        (name, i) => `case when pgrst_body.j::jsonb ? ${params.add(name)} then (pgrst_body.r).${ident(name)} else pgrst_defaults.d${i} end`,
      )
      select =
        `select ${values.join(', ')} from (select j, json_populate_record(null::${table}, j) as r from json_array_elements(${rows}) as j) pgrst_body, ` +
        `lateral (select ${defaults.join(', ')} where pgrst_body.j is not null) pgrst_defaults`
    } else {
      select = `select ${cols.join(', ')} from json_populate_recordset(null::${table}, ${rows}) pgrst_body`
    }
    mutation = `insert into ${table} (${cols.join(', ')}) ${select}`
  }
  if (spec.upsert) {
    const target = `(${spec.upsert.conflict.map(ident).join(', ')})`
    if (spec.upsert.ignore || spec.columns.length === 0) {
      mutation += ` on conflict ${target} do nothing`
    } else {
      mutation += ` on conflict ${target} do update set ${spec.columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`
    }
  }
  return returning(relation, query, options, mutation, params, spec.upsert !== null)
}

function requireFilters(query: ParsedQuery, verb: 'UPDATE' | 'DELETE'): void {
  // Supabase's safeupdate: a write without a WHERE clause is refused (a filter-less client bug
  // would otherwise rewrite or empty the whole table).
  if (query.filters.length === 0) throw restError(400, '21000', `${verb} requires a WHERE clause`)
}

export function buildUpdate(relation: Relation, query: ParsedQuery, body: string, columns: string[], options: WriteOptions): Statement {
  requireFilters(query, 'UPDATE')
  const params = new Params()
  const table = tableSql(relation)
  const cols = columns.map(ident).join(', ')
  const values = `(select ${cols} from json_populate_record(null::${table}, ${params.add(body)}::json))`
  const mutation = `update ${table} set (${cols}) = ${values}${whereSql(query.filters, relationSource(relation), params)}`
  return returning(relation, query, options, mutation, params)
}

export function buildDelete(relation: Relation, query: ParsedQuery, options: WriteOptions): Statement {
  requireFilters(query, 'DELETE')
  const params = new Params()
  const mutation = `delete from ${tableSql(relation)}${whereSql(query.filters, relationSource(relation), params)}`
  return returning(relation, query, options, mutation, params)
}

// functions ---------------------------------------------------------------------------------------

export interface RpcCall {
  routine: RoutineInfo
  /** Named arguments to pass (a subset of routine.args), values in a JSON object. */
  argNames: string[]
  argsJson: string
  /** The routine takes one unnamed json/jsonb argument: the whole body goes to it. */
  wholeBody: boolean
}

/** FROM items that call the function: `json_to_record($1) as pgrst_args(...), lateral fn(...)`. */
const UNNAMED_ARGUMENT = 'pgrst_unnamed'

function callSql(call: RpcCall, params: Params): { from: string; call: string } {
  const fn = qualifiedName(call.routine.schema, call.routine.name)
  if (call.wholeBody) return { from: '', call: `${fn}(${params.add(call.argsJson)}::${call.routine.args[0].type})` }
  if (call.argNames.length === 0) return { from: '', call: `${fn}()` }
  const byName = new Map(call.routine.args.map((a) => [a.name, a]))
  // An unnamed argument (the key "" of the body) has no name to pass it by: it goes first, by
  // position, read from the record under a name of its own.
  const column = (name: string) => (name === '' ? UNNAMED_ARGUMENT : ident(name))
  const definitions = call.argNames.map((name) => `${column(name)} ${byName.get(name)?.type ?? 'text'}`)
  const json = params.add(call.argsJson)
  const record = call.argNames.includes('') ? `(${json}::jsonb - '' || jsonb_build_object('${UNNAMED_ARGUMENT}', ${json}::jsonb -> ''))::json` : `${json}::json`
  const from = `json_to_record(${record}) as pgrst_args(${definitions.join(', ')})`
  const ordered = [...call.argNames].sort((a, b) => Number(a !== '') - Number(b !== ''))
  const args = ordered.map((name) => (name === '' ? `pgrst_args.${UNNAMED_ARGUMENT}` : `${ident(name)} := pgrst_args.${ident(name)}`))
  return { from, call: `${fn}(${args.join(', ')})` }
}

export type RpcResultKind = 'void' | 'scalar' | 'rows' | 'object'

export function buildRpc(
  catalogue: Catalogue,
  call: RpcCall,
  query: ParsedQuery,
  options: ReadOptions,
): { statement: Statement | ReadStatement; kind: RpcResultKind } {
  const params = new Params()
  const { from, call: invocation } = callSql(call, params)
  const returns = call.routine.returns
  const fromPrefix = from ? `${from}, lateral ` : ''
  if (returns.kind === 'void' || (returns.kind === 'scalar' && !returns.set)) {
    const value = returns.kind === 'void' ? `${invocation}::text` : `to_json(${invocation})::text`
    const sql = `select 1::int4, null::int8, ${value}${from ? ` from ${from}` : ''}`
    return { statement: { sql, params: params.values }, kind: returns.kind === 'void' ? 'void' : 'scalar' }
  }
  if (returns.kind === 'scalar') {
    const page = pageSql(pageOf(query, options.range, options.maxRows), params)
    const cte = `with pgrst_src as materialized (select pgrst_v from ${fromPrefix}${invocation} as pgrst_v) `
    const total = options.count ? '(select count(*) from pgrst_src)' : 'null::int8'
    const sql = `${cte}select count(*)::int4, ${total}, ${bodySql('pgrst_t.pgrst_v', options.stripNulls)} from (select pgrst_v from pgrst_src${page}) pgrst_t`
    return { statement: { sql, params: params.values }, kind: 'rows' }
  }
  const cte = `with pgrst_src as materialized (select pgrst_fn.* from ${fromPrefix}${invocation} as pgrst_fn) `
  const kind = returns.set ? 'rows' : 'object'
  // Rows of a table's type read like the table: its computed fields and relationships apply.
  const relation = returns.relation === null ? undefined : catalogue.relation(returns.relation)
  if (relation) {
    const source = relationSource(relation, catalogue, `pgrst_src::${tableSql(relation)}`)
    return { statement: buildRead('pgrst_src', source, query, options, params, cte, { catalogue, relation, from: 'pgrst_src' }), kind }
  }
  const source: Source = { label: call.routine.name, columns: returns.columns, columnOrder: returns.columnOrder }
  return { statement: buildRead('pgrst_src', source, query, options, params, cte), kind }
}
