// /rest/v1/<table>: read (GET, HEAD), insert and upsert (POST), update (PATCH), delete (DELETE).
import type { Relation } from './catalogue.ts'
import {
  buildDelete,
  buildInsert,
  buildRead,
  buildUpdate,
  pageOf,
  relationSource,
  tableSql,
  writeColumns,
  type ReadStatement,
  type WriteOptions,
} from './build-sql.ts'
import { isPlainObject, parseJsonBody, readBodyText } from './body.ts'
import { closestName, NAME_MIN_SCORE, withFreshCatalogue, type ReadPlan, type RestRequest, type RestServices } from './context.ts'
import { notSingular, restError, tableNotFound, tooManyAffected } from './errors.ts'
import { RolledBack, type Row, type Statement } from './executor.ts'
import {
  parseAccept,
  parsePrefer,
  parseRange,
  preferenceApplied,
  type Applied,
  type CountKind,
  type Preferences,
  type Representation,
} from './parse-headers.ts'
import { parseQuery, type ParsedQuery } from './parse-query.ts'
import { contentRange, readResponse, resultOf, send, singleObject, type Result } from './respond.ts'

function findRelation(services: RestServices, name: string): Relation {
  const { catalogue } = services
  const relation = catalogue.relation(name)
  if (!relation) throw tableNotFound(catalogue.schema, name, closestName(name, catalogue.relationNames(), NAME_MIN_SCORE))
  return relation
}

export async function handleTable(services: RestServices, request: RestRequest, name: string): Promise<Response> {
  switch (request.method) {
    case 'GET':
    case 'HEAD':
      return read(services, request, name)
    case 'POST':
    case 'PATCH':
    case 'DELETE':
      return write(services, request, name)
    default:
      throw restError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`)
  }
}

/** Whether a request's transaction ends in a rollback: db-tx-end, or `Prefer: tx=` where it may override. */
export function rollsBack(services: RestServices, prefer: Preferences): boolean {
  return prefer.tx === null ? services.catalogue.settings.txEnd.rollback : prefer.tx === 'rollback'
}

/** Parses Prefer with what the API settings allow. */
export function preferencesOf(services: RestServices, request: RestRequest): Preferences {
  return parsePrefer(request.header('prefer'), services.catalogue.settings.txEnd.allowOverride)
}

async function read(all: RestServices, request: RestRequest, name: string): Promise<Response> {
  const services = await all.profile(request.header('accept-profile'))
  const accept = parseAccept(request.header('accept'), services.catalogue.settings.plan)
  const prefer = preferencesOf(services, request)
  const rangeHeader = request.header('range')
  const range = parseRange(rangeHeader, request.header('range-unit'))
  const head = request.method === 'HEAD'
  const key = `${request.method}\n${services.catalogue.schema}\n${name}\n${request.rawQuery}\n${accept.stripNulls}\n${accept.csv === true}\n${prefer.count}\n${rangeHeader ?? ''}`
  const { catalogue, plans } = services
  let plan = plans.get(key, catalogue.generation)
  if (!plan) {
    plan = await withFreshCatalogue(catalogue, (): ReadPlan => {
      const relation = findRelation(services, name)
      const query = parseQuery(request.params, { aggregates: catalogue.settings.aggregates })
      const options = {
        count: prefer.count === 'exact' || prefer.count === 'estimated',
        head,
        stripNulls: accept.stripNulls,
        range,
        csv: accept.csv,
        maxRows: catalogue.settings.maxRows,
      }
      const statement = buildRead(tableSql(relation), relationSource(relation, catalogue), query, options, undefined, '', { catalogue, relation })
      return { statement, page: pageOf(query, range) }
    })
    plans.set(key, catalogue.generation, plan)
  }
  if (accept.plan) return explain(services, request, plan.statement, accept)
  const rows = await services.executor.run(request.role, plan.statement, { readOnly: true })
  const applied = preferenceApplied(prefer, {})
  return readResponse(estimates(prefer.count) ? await withEstimate(services, request, resultOf(rows), plan.statement, prefer.count) : resultOf(rows), {
    offset: plan.page.offset,
    single: accept.single,
    head,
    csv: accept.csv,
    bodyIsCsv: plan.statement.csv,
    headers: applied ? { 'Preference-Applied': applied } : undefined,
  })
}

/** Whether the count asked for needs Postgres' estimate (another call into the database). */
export const estimates = (count: CountKind | null): count is 'planned' | 'estimated' => count === 'planned' || count === 'estimated'

/**
 * `count=planned`: the total is Postgres' estimate of the rows the filters leave (the plan of
 * `select 1 from ... where ...`, row-level security included), as PostgREST answers it; and
 * `count=estimated`, without db-max-rows, the larger of the exact count and that estimate.
 */
export async function withEstimate(
  services: RestServices,
  request: RestRequest,
  result: Result,
  statement: Statement | ReadStatement,
  count: CountKind | null,
): Promise<Result> {
  if (!estimates(count) || !('countQuery' in statement)) return result
  const { countQuery } = statement
  const rows = await services.executor.run(request.role, { sql: `explain (format json) ${countQuery.sql}`, params: countQuery.params }, { readOnly: true })
  const plan = JSON.parse(rows[0]?.[0] ?? '[]') as { Plan?: { 'Plan Rows'?: number } }[]
  const planned = Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0)
  // `estimated`: the exact count while it is within db-max-rows, past it (or with no cap) the larger of the two.
  const { maxRows } = services.catalogue.settings
  const exact = result.total ?? 0
  const total = count === 'planned' ? planned : maxRows !== null && exact <= maxRows ? exact : Math.max(planned, exact)
  return { ...result, total }
}

/**
 * Accept: application/vnd.pgrst.plan: Postgres' plan of the statement, as the caller's role, with
 * the options the media type names. Without `analyze` the statement is not run; with it, it runs
 * read-only (a write's plan is shown without running it).
 */
export async function explain(services: RestServices, request: RestRequest, statement: Statement, accept: Representation): Promise<Response> {
  const format = accept.plan ?? 'json'
  const options = [`format ${format}`, ...(accept.planOptions ?? [])].join(', ')
  const rows = await services.executor.run(request.role, { sql: `explain (${options}) ${statement.sql}`, params: statement.params }, { readOnly: true })
  const body = format === 'json' ? (rows[0]?.[0] ?? '[]') : rows.map((row) => row[0] ?? '').join('\n')
  const type = `application/vnd.pgrst.plan+${format}; for="application/json"; charset=utf-8`
  return new Response(body, { status: 200, headers: { 'Content-Type': type } })
}

interface WritePlan {
  statement: Statement
}

async function write(all: RestServices, request: RestRequest, name: string): Promise<Response> {
  const services = await all.profile(request.header('content-profile'))
  const accept = parseAccept(request.header('accept'))
  const prefer = preferencesOf(services, request)
  const text = request.method === 'DELETE' ? '' : await readBodyText(request.raw)
  const body = request.method === 'DELETE' ? null : parseJsonBody(text)
  const options: WriteOptions = { representation: prefer.return === 'representation', stripNulls: accept.stripNulls }

  const plan = await withFreshCatalogue(services.catalogue, (): WritePlan | null => {
    const relation = findRelation(services, name)
    const query = parseQuery(request.params)
    if (query.limit !== null || query.offset !== null || query.order.length > 0) {
      throw restError(400, 'PGRST100', 'limit, offset and order are not supported on writes by the local backend')
    }
    if (request.method === 'DELETE') return { statement: buildDelete(relation, query, options) }
    if (request.method === 'PATCH') {
      if (!isPlainObject(body)) throw restError(400, 'PGRST102', 'Empty or invalid json', 'An update takes one JSON object.')
      const columns = writeColumns(relation, Object.keys(body))
      if (columns.length === 0) return null // nothing to change
      return { statement: buildUpdate(relation, query, text, columns, options) }
    }
    return insertPlan(relation, query, text, body, prefer, options)
  })

  const status = request.method === 'POST' ? 201 : options.representation ? 200 : 204
  const applied: Applied =
    request.method === 'POST' ? { resolution: true, missing: true, return: true } : { return: true, missing: request.method === 'PATCH', maxAffected: true }
  if (!plan) return finish({ count: 0, total: null, body: '[]' }, status, prefer, accept, applied)

  const single = accept.single && options.representation
  const rows = await runChecked(services, request, plan.statement, single, prefer.maxAffected, rollsBack(services, prefer))
  const result = resultOf(rows)
  // An upsert that only merged into existing rows created nothing: 200, as PostgREST answers.
  const written = status === 201 && result.inserted === 0 && result.count > 0 ? 200 : status
  return finish(result, written, prefer, accept, applied)
}

/**
 * Runs a write whose outcome may have to be undone: a single-object write that touched 0 or several
 * rows (PGRST116), or more rows than Prefer: max-affected allows (PGRST124).
 */
export async function runChecked(
  services: RestServices,
  request: RestRequest,
  statement: Statement,
  single: boolean,
  maxAffected: number | null,
  rollback: boolean,
): Promise<Row[]> {
  const acceptable = (count: number) => (!single || count === 1) && (maxAffected === null || count <= maxAffected)
  try {
    return await services.executor.run(request.role, statement, {
      readOnly: false,
      keep: single || maxAffected !== null ? (rows) => acceptable(resultOf(rows).count) : undefined,
      rollback,
    })
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error
    const { count } = resultOf(error.rows)
    if (single && count !== 1) throw notSingular(count)
    throw tooManyAffected(count)
  }
}

function finish(result: Result, status: number, prefer: Preferences, accept: Representation, applied: Applied): Response {
  const headers: Record<string, string> = { 'Content-Range': prefer.count ? `*/${result.count}` : contentRange(0, 0, null) }
  const preferences = preferenceApplied(prefer, applied)
  if (preferences) headers['Preference-Applied'] = preferences
  if (prefer.return !== 'representation') return send(status, null, headers)
  if (accept.single) return send(status, singleObject(result), headers, true)
  return send(status, result.body ?? '[]', headers)
}

function insertPlan(relation: Relation, query: ParsedQuery, text: string, body: unknown, prefer: Preferences, options: WriteOptions): WritePlan | null {
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every(isPlainObject)) throw restError(400, 'PGRST102', 'Empty or invalid json', 'An insert takes a JSON object or an array of objects.')
  if (rows.length === 0) return null // nothing to insert
  const keys = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))]
  const columns = writeColumns(relation, keys)
  const defaultsOnly = columns.length === 0
  if (defaultsOnly && rows.length > 1) {
    throw restError(400, 'PGRST102', 'Empty or invalid json', 'Several rows without any column cannot be inserted.')
  }
  let upsert: { conflict: string[]; ignore: boolean } | null = null
  if (prefer.resolution) {
    const conflict = query.onConflict ? writeColumns(relation, query.onConflict) : relation.primaryKey
    if (conflict.length === 0) {
      throw restError(400, 'PGRST100', `An upsert on '${relation.name}' needs on_conflict: the table has no primary key`)
    }
    upsert = { conflict, ignore: prefer.resolution === 'ignore' }
  }
  return { statement: buildInsert(relation, query, { body: text, columns, defaultsOnly, missingDefault: prefer.missing === 'default', upsert }, options) }
}
