// Reading auth API requests as GoTrue does: a JSON object body, optional object fields, pagination.
import type { Context } from 'hono'
import { isJsonContentType, parseJsonLimited } from '../json-limits.ts'
import { AuthError } from './errors.ts'

export type Json = Record<string, unknown>

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function readJson(c: Context): Promise<Json> {
  if (!isJsonContentType(c.req.header('content-type'))) {
    throw new AuthError(415, 'bad_json', 'Unsupported Content-Type: this endpoint takes application/json')
  }
  const text = await c.req.text()
  // Postgres text cannot hold NUL: a value carrying one is a bad request, never a database error.
  if (text.includes('\0') || /\\u0000/i.test(text)) throw new AuthError(400, 'validation_failed', 'The request body contains a NUL character')
  if (text.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = parseJsonLimited(text)
  } catch (error) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object')
  }
  return parsed as Json
}

export function optionalObject(body: Json, field: string): Json | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthError(400, 'validation_failed', `${field} must be an object`)
  }
  return value as Json
}

/** A string field, or '' when absent; any other type is a bad request. */
export function optionalString(body: Json, field: string): string {
  const value = body[field]
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string') throw new AuthError(400, 'validation_failed', `${field} must be a string`)
  return value
}

export function positiveInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new AuthError(400, 'validation_failed', 'Bad Pagination Parameters')
  return value
}
