// /rest/v1/rpc/<function>: named arguments from the JSON body (POST) or the query string (GET,
// HEAD), or the whole body as one unnamed json/jsonb (or, sent as text/plain, text) argument. The
// overload is chosen by argument names, as PostgREST chooses it.
import type { RoutineInfo } from './catalogue.ts'
import { buildRpc, pageOf, type RpcCall } from './build-sql.ts'
import { isPlainObject, parseJsonBody, readBodyText } from './body.ts'
import { closestName, NAME_MIN_SCORE, withFreshCatalogue, type RestRequest, type RestServices } from './context.ts'
import { restError, type RestError } from './errors.ts'
import { isJsonContentType } from '../json-limits.ts'
import { parseAccept, parseRange, preferenceApplied } from './parse-headers.ts'
import { LOGIC_KEY, OPERATORS, parseQuery, RESERVED } from './parse-query.ts'
import { contentRange, readResponse, resultOf, send } from './respond.ts'
import { estimates, explain, preferencesOf, rollsBack, runChecked, withEstimate } from './table.ts'

/** How the arguments came: their names, and the media type of a POST body. */
interface CallShape {
  names: readonly string[]
  post: boolean
  /** POST body type: JSON (an object of named arguments) or text (one unnamed text argument). */
  body: 'json' | 'text'
  /** Prefer: params=single-object: the whole JSON body is the one json/jsonb argument. */
  singleObject: boolean
}

function signature(routine: RoutineInfo): string {
  return `${routine.schema}.${routine.name}(${routine.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`
}

function functionNotFound(services: RestServices, schema: string, name: string, shape: CallShape): RestError {
  const keys = [...shape.names].sort()
  const list = keys.join(', ')
  const withParams = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${list}`
  const onlySingle = shape.singleObject || (shape.post && shape.body === 'text')
  let searched = withParams
  if (shape.singleObject) searched = ' with a single json/jsonb parameter'
  else if (shape.post && shape.body === 'text') searched = ' with a single unnamed text parameter'
  else if (shape.post) searched += ' or with a single unnamed json/jsonb parameter'
  const overloads = services.catalogue.routineOverloads(name)
  let hint: string | null = null
  if (!onlySingle) {
    // Perhaps a function of a close name or, when the name exists, a close list of parameters.
    const suggestion = overloads
      ? closestName(
          `(${list})`,
          overloads.map(
            (r) =>
              `(${r.args
                .map((a) => a.name)
                .sort()
                .join(', ')})`,
          ),
        )
      : closestName(name, services.catalogue.routineNames(), NAME_MIN_SCORE)
    if (suggestion !== null) hint = `Perhaps you meant to call the function ${schema}.${overloads ? `${name}${suggestion}` : suggestion}`
  }
  return restError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${onlySingle ? '' : keys.length === 0 ? ' without parameters' : `(${list})`} in the schema cache`,
    `Searched for the function ${schema}.${name}${searched}, but no matches were found in the schema cache.`,
    hint,
  )
}

/** Whether the given argument names call `routine`: every required one given, none unknown. */
function matchesNames(routine: RoutineInfo, shape: CallShape): boolean {
  const { args } = routine
  if (shape.singleObject) return args.length === 1 && (args[0].type === 'json' || args[0].type === 'jsonb')
  if (args.length === 0) return shape.names.length === 0 && !(shape.post && shape.body === 'text')
  const given = new Set(shape.names)
  const known = new Set(args.map((a) => a.name))
  return shape.names.every((n) => known.has(n)) && args.every((a) => a.hasDefault || given.has(a.name))
}

function takesWholeBody(routine: RoutineInfo, shape: CallShape): boolean {
  if (!shape.post || routine.args.length !== 1 || routine.args[0].name !== '') return false
  const type = routine.args[0].type
  return shape.body === 'text' ? type === 'text' : type === 'json' || type === 'jsonb'
}

/**
 * PostgREST's choice among overloads: the one whose parameters the argument names fit; failing
 * that, the one taking the whole body as a single unnamed argument; several fits are ambiguous.
 */
function chooseOverload(services: RestServices, schema: string, name: string, shape: CallShape): { routine: RoutineInfo; wholeBody: boolean } {
  const overloads = services.catalogue.routineOverloads(name) ?? []
  const named = overloads.filter((routine) => matchesNames(routine, shape))
  const whole = named.length === 0 ? overloads.filter((routine) => takesWholeBody(routine, shape)) : []
  const found = named.length > 0 ? named : whole
  if (found.length === 0) throw functionNotFound(services, schema, name, shape)
  if (found.length > 1) {
    throw restError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${found.map(signature).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  return { routine: found[0], wholeBody: named.length === 0 || shape.singleObject }
}

/** A query parameter of a GET call is an argument unless it is reserved or a filter (`op.value`). */
function isArgument(key: string, value: string): boolean {
  if (RESERVED.has(key) || LOGIC_KEY.test(key) || key.includes('.')) return false
  return !FILTER_VALUE.test(value)
}
const FILTER_VALUE = new RegExp(`^(not\\.)?(${OPERATORS.join('|')})(\\([^)]*\\))?\\.`, 's')

/** Besides JSON, an rpc body may be plain text, for a function of one unnamed text argument. */
const RPC_TEXT_TYPES = ['text/plain']

/** A call's arguments as JSON, from the query (GET, HEAD) or the body (POST), and their shape. */
async function rpcArguments(request: RestRequest, readOnly: boolean, singleObject: boolean): Promise<{ argsJson: string; shape: CallShape }> {
  if (readOnly) {
    const args: Record<string, string> = {}
    for (const [key, value] of request.params) if (isArgument(key, value)) args[key] = value
    return { argsJson: JSON.stringify(args), shape: { names: Object.keys(args), post: false, body: 'json', singleObject } }
  }
  const text = await readBodyText(request.raw, RPC_TEXT_TYPES)
  const isText = !isJsonContentType(request.header('content-type'))
  const body = isText ? null : parseJsonBody(text, {})
  const names = isPlainObject(body) && !singleObject ? Object.keys(body) : []
  return { argsJson: isText ? text : text.trim() === '' ? '{}' : text, shape: { names, post: true, body: isText ? 'text' : 'json', singleObject } }
}

export async function handleRpc(all: RestServices, request: RestRequest, name: string): Promise<Response> {
  const { method } = request
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
  const readOnly = method !== 'POST'
  const services = await all.profile(request.header(readOnly ? 'accept-profile' : 'content-profile'))
  const accept = parseAccept(request.header('accept'), services.catalogue.settings.plan && readOnly)
  const prefer = preferencesOf(services, request)
  const range = parseRange(request.header('range'), request.header('range-unit'))

  const { argsJson, shape } = await rpcArguments(request, readOnly, prefer.singleObject)

  const { call, query } = await withFreshCatalogue(services.catalogue, () => {
    const chosen = chooseOverload(services, services.catalogue.schema, name, shape)
    const rpc: RpcCall = { routine: chosen.routine, argNames: chosen.wholeBody ? [] : [...shape.names], argsJson, wholeBody: chosen.wholeBody }
    return {
      call: rpc,
      query: parseQuery(request.params, { argumentNames: readOnly ? new Set(shape.names) : undefined, aggregates: services.catalogue.settings.aggregates }),
    }
  })
  const { statement, kind } = buildRpc(services.catalogue, call, query, {
    count: prefer.count === 'exact' || prefer.count === 'estimated',
    head: method === 'HEAD',
    stripNulls: accept.stripNulls,
    range,
    csv: accept.csv,
    maxRows: services.catalogue.settings.maxRows,
  })
  const single = accept.single && kind === 'rows'
  if (accept.plan) return explain(services, request, statement, accept)

  const rows = readOnly
    ? await services.executor.run(request.role, statement, { readOnly })
    : await runChecked(services, request, statement, single, prefer.maxAffected, rollsBack(services, prefer))
  const result = resultOf(rows)
  const applied = preferenceApplied(prefer, { params: true, maxAffected: true })
  const headers: Record<string, string> = applied ? { 'Preference-Applied': applied } : {}
  // A function of one value (or none) answers one row, counted as such.
  if (kind !== 'rows') headers['Content-Range'] = contentRange(0, 1, prefer.count ? 1 : null)
  if (kind === 'void') return send(204, null, headers)
  if (kind === 'scalar') return send(200, method === 'HEAD' ? null : (result.body ?? 'null'), headers)
  if (kind === 'object') {
    const object = result.count === 0 || result.body === null ? 'null' : result.body.slice(1, -1).trim()
    return send(200, method === 'HEAD' ? null : object, headers)
  }
  return readResponse(estimates(prefer.count) ? await withEstimate(services, request, result, statement, prefer.count) : result, {
    offset: pageOf(query, range).offset,
    single,
    head: method === 'HEAD',
    csv: accept.csv,
    bodyIsCsv: 'csv' in statement && statement.csv,
    headers,
  })
}
