// PostgREST's error responses: the JSON body ({code, details, hint, message}) and the HTTP status it
// gives each SQLSTATE, plus the errors the gateway and PostgREST raise before any SQL runs.
import type { ApiRole, IdentityResult } from '../identity.ts'

/** PostgREST errors carry all four keys; the gateway's API-key errors only message and hint. */
export interface ErrorBody {
  code?: string | null
  /** Text, or (PGRST201) the candidate relationships as objects. */
  details?: string | Record<string, string>[] | null
  hint: string | null
  message: string
}

/** An error answered to the client as is (status + PostgREST-shaped body + extra headers). */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message)
  }
}

export function restError(status: number, code: string, message: string, details: string | null = null, hint: string | null = null): RestError {
  return new RestError(status, { code, details, hint, message })
}

/** PGRST100: the query string does not parse. */
export function parseError(message: string, details: string | null = null): RestError {
  return restError(400, 'PGRST100', message, details)
}

export function tableNotFound(schema: string, name: string, suggestion: string | null): RestError {
  return restError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  )
}

/** A profile header naming a schema that is not exposed. */
export function schemaNotExposed(schemas: readonly string[]): RestError {
  return restError(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`)
}

/** Unknown column in a read (select, filter, order): Postgres' own undefined_column. */
export function readColumnNotFound(relation: string, column: string): RestError {
  return restError(400, '42703', `column ${relation}.${column} does not exist`)
}

/** Unknown column in a write payload, on_conflict or columns parameter. */
export function writeColumnNotFound(relation: string, column: string): RestError {
  return restError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`)
}

export function notSingular(rows: number): RestError {
  return restError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`)
}

export function tooManyAffected(rows: number): RestError {
  return restError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`)
}

/** SQLSTATE -> HTTP status, as PostgREST maps them. */
export function statusForSqlState(code: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403
  // PTxyz: a status chosen by the function that raised it.
  const custom = /^PT(\d{3})$/.exec(code)
  if (custom) return Number(custom[1])
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
  }
  if (code in exact) return exact[code]
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  }
  return byClass[code.slice(0, 2)] ?? 400
}

interface PgErrorLike {
  code?: string
  message: string
  detail?: string
  hint?: string
}

export function isPgError(error: unknown): error is PgErrorLike & Error {
  return error instanceof Error && typeof (error as PgErrorLike).code === 'string' && /^[0-9A-Z]{5}$/.test((error as PgErrorLike).code ?? '')
}

export function fromPgError(error: PgErrorLike, role: ApiRole): RestError {
  const code = error.code ?? 'XX000'
  const status = statusForSqlState(code, role)
  const headers: Record<string, string> = {}
  // As PostgREST: a 401 tells the client how to authenticate.
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer'
  return new RestError(status, { code, details: error.detail ?? null, hint: error.hint ?? null, message: error.message }, headers)
}

/** Refusals of the gateway (API key) and of PostgREST's JWT check, before any SQL. */
export function identityError(result: Extract<IdentityResult, { ok: false }>): RestError {
  switch (result.failure) {
    case 'missing_apikey':
      return new RestError(401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      })
    case 'invalid_apikey':
      return new RestError(401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      })
    case 'expired':
      return new RestError(
        401,
        { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' },
        { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="JWT expired"' },
      )
    case 'invalid':
      return new RestError(
        401,
        { code: 'PGRST301', details: null, hint: null, message: 'JWSError JWSInvalidSignature' },
        { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="JWSError JWSInvalidSignature"' },
      )
  }
}
