// Plain-fetch access to /rest/v1 for the checks where the exact HTTP answer matters (status,
// Content-Range, error bodies), and token minting for the JWT failure cases.
import { SignJWT } from 'jose'
import type { LocalBackend } from './local-backend.ts'

export interface RawAnswer {
  status: number
  headers: Headers
  text: string
  json: unknown
}

export async function restRaw(backend: LocalBackend, path: string, init: RequestInit & { key?: string } = {}): Promise<RawAnswer> {
  const { key = backend.keys.anonKey, headers, ...rest } = init
  const response = await fetch(`${backend.url}/rest/v1/${path}`, { ...rest, headers: { apikey: key, ...(headers as Record<string, string>) } })
  const text = await response.text()
  let json: unknown = null
  try {
    json = text ? (JSON.parse(text) as unknown) : null
  } catch {
    json = null
  }
  return { status: response.status, headers: response.headers, text, json }
}

/** A token signed with the project's secret, with the given claims and lifetime (negative: expired). */
export function mintToken(backend: LocalBackend, claims: Record<string, unknown>, lifetimeSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 60)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(new TextEncoder().encode(backend.keys.jwtSecret))
}
