// Plain-fetch access to /auth/v1 for the checks where the exact GoTrue answer matters (status, body,
// headers) and how long the backend took to give it (the sign-in delays).
import type { LocalBackend } from './local-backend.ts'

export interface AuthRaw {
  status: number
  headers: Headers
  text: string
  json: Record<string, unknown>
  ms: number
}

export async function authRaw(url: string, init: RequestInit = {}): Promise<AuthRaw> {
  const started = performance.now()
  const response = await fetch(url, init)
  const text = await response.text()
  const ms = performance.now() - started
  let json: Record<string, unknown> = {}
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    json = {}
  }
  return { status: response.status, headers: response.headers, text, json, ms }
}

export function passwordSignIn(backend: LocalBackend, email: string, password: string, headers: Record<string, string> = {}): Promise<AuthRaw> {
  return authRaw(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.keys.anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  })
}

export function getUserRaw(backend: LocalBackend, token: string): Promise<AuthRaw> {
  return authRaw(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${token}` } })
}
