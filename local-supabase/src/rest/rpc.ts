// /rest/v1/rpc/<function>: named arguments from the JSON body (POST) or the query string (GET,
// HEAD). The overload is chosen by argument names, as PostgREST chooses it.
import type { RoutineInfo } from './catalogue.ts'
import { buildRpc, pageOf, type RpcCall } from './build-sql.ts'
import { isPlainObject, parseJsonBody, readBodyText } from './body.ts'
import { closestName, withFreshCatalogue, type RestRequest, type RestServices } from './context.ts'
import { restError, type RestError } from './errors.ts'
import { checkProfile, parseAccept, parsePrefer, parseRange } from './parse-headers.ts'
import { parseQuery } from './parse-query.ts'
import { readResponse, resultOf, send } from './respond.ts'
import { runChecked } from './table.ts'

const WHOLE_BODY_TYPES = new Set(['json', 'jsonb'])

function functionNotFound(services: RestServices, name: string, argNames: string[]): RestError {
  const list = [...argNames].sort().join(', ')
  const suggestion = closestName(name, services.catalogue.routineNames())
  return restError(
    404,
    'PGRST202',
    `Could not find the function public.${name}(${list}) in the schema cache`,
    `Searched for the function public.${name} with parameters ${list || 'none'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    suggestion && suggestion !== name ? `Perhaps you meant to call the function public.${suggestion}` : null,
  )
}

/** The overload whose named inputs cover the given names and whose required inputs are all given. */
function chooseOverload(overloads: readonly RoutineInfo[], names: readonly string[], bodyIsObject: boolean): { routine: RoutineInfo; wholeBody: boolean } | null {
  const given = new Set(names)
  const named = overloads.filter((routine) => {
    const inputs = new Set(routine.args.map((a) => a.name))
    if (routine.args.some((a) => a.name === '')) return false
    return names.every((n) => inputs.has(n)) && routine.args.every((a) => a.hasDefault || given.has(a.name))
  })
  if (bodyIsObject && named.length > 0) {
    named.sort((a, b) => a.args.length - b.args.length)
    return { routine: named[0], wholeBody: false }
  }
  const whole = overloads.find((r) => r.args.length === 1 && r.args[0].name === '' && WHOLE_BODY_TYPES.has(r.args[0].type))
  return whole ? { routine: whole, wholeBody: true } : null
}

export async function handleRpc(services: RestServices, request: RestRequest, name: string): Promise<Response> {
  const { method } = request
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
  const readOnly = method !== 'POST'
  checkProfile(request.header(readOnly ? 'accept-profile' : 'content-profile'))
  const accept = parseAccept(request.header('accept'))
  const prefer = parsePrefer(request.header('prefer'))
  const range = parseRange(request.header('range'), request.header('range-unit'))

  let argsJson: string
  let argNames: string[]
  let bodyIsObject = true
  let queryArgNames: Set<string> = new Set()
  if (readOnly) {
    await withFreshCatalogue(services.catalogue, () => {
      const overloads = services.catalogue.routineOverloads(name)
      if (!overloads) throw functionNotFound(services, name, [])
      queryArgNames = new Set(overloads.flatMap((r) => r.args.map((a) => a.name)))
    })
    const args: Record<string, string> = {}
    for (const [key, value] of request.params) if (queryArgNames.has(key)) args[key] = value
    argNames = Object.keys(args)
    argsJson = JSON.stringify(args)
  } else {
    const text = await readBodyText(request.raw)
    const body = parseJsonBody(text, {})
    bodyIsObject = isPlainObject(body)
    argNames = bodyIsObject ? Object.keys(body as Record<string, unknown>) : []
    argsJson = text.trim() === '' ? '{}' : text
  }

  const { call, query } = await withFreshCatalogue(services.catalogue, () => {
    const overloads = services.catalogue.routineOverloads(name)
    const chosen = overloads ? chooseOverload(overloads, argNames, bodyIsObject) : null
    if (!chosen) throw functionNotFound(services, name, argNames)
    const rpc: RpcCall = { routine: chosen.routine, argNames: chosen.wholeBody ? [] : argNames, argsJson, wholeBody: chosen.wholeBody }
    return { call: rpc, query: parseQuery(request.params, { argumentNames: queryArgNames }) }
  })
  const { statement, kind } = buildRpc(services.catalogue, call, query, { count: prefer.count, head: method === 'HEAD', stripNulls: accept.stripNulls, range })
  const single = accept.single && kind === 'rows'

  const rows = readOnly
    ? await services.executor.run(request.role, statement, { readOnly })
    : await runChecked(services, request, statement, single, prefer.maxAffected)
  const result = resultOf(rows)
  if (kind === 'void') return send(204, null)
  if (kind === 'scalar') return send(200, method === 'HEAD' ? null : (result.body ?? 'null'))
  if (kind === 'object') {
    const object = result.count === 0 || result.body === null ? 'null' : result.body.slice(1, -1).trim()
    return send(200, method === 'HEAD' ? null : object)
  }
  return readResponse(result, { offset: pageOf(query, range).offset, single, head: method === 'HEAD' })
}
