// The web server's check of a staff member's access token (the Staff screen's /admin/api/staff):
// verified in the web server against the project's JWKS, fetched once and again only when a token
// names a key it does not hold, so a staff request makes no round trip to Auth; a legacy HS256
// token is still asked of Auth. Through a relay that counts what reaches the backend, and with the
// CPU one check costs on each path, printed for docs/performance.md.
import { decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { processCpuMs } from '../../scripts/lib/process-cpu.ts'
import { callerId } from '../../src/lib/access-token.server'
import type { Db } from '../../src/lib/supabase'
import { STAFF_API_PATH } from '../../src/features/admin/staff/api/staff-requests'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'
import { runSigningKeys } from '../helpers/signing-keys.ts'
import { startRelay, startSite, type Relay, type SiteServer } from '../helpers/site-server'

let backend: LocalBackend
let relay: Relay
let site: SiteServer

beforeAll(async () => {
  backend = await startLocalBackend()
  relay = await startRelay(backend)
  site = await startSite(relay.url, backend.keys.publishableKey, { SUPABASE_SECRET_KEY: backend.keys.secretKey })
}, 300_000)

afterAll(async () => {
  await site?.stop()
  await relay?.close()
  await backend?.dispose()
})

async function adminToken(): Promise<string> {
  const client = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
  return (await client.auth.getSession()).data.session!.access_token
}

/** The same admin's token, signed as before asymmetric keys: HS256 with the legacy secret. */
async function legacyToken(token: string): Promise<string> {
  const [, payload] = token.split('.')
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(backend.keys.jwtSecret))
}

function staffRequest(token: string): Promise<Response> {
  return fetch(`${site.url}${STAFF_API_PATH}`, { headers: { authorization: `Bearer ${token}` } })
}

/** Requests that reached the backend's Auth since `from`, by path. */
function authCalls(from: number, path: string): number {
  return relay.requests.slice(from).filter((request) => request.path.startsWith(path)).length
}

describe("the web server's check of a staff token", () => {
  it('verifies an ES256 token against the JWKS, fetched once: no call to Auth per request', async () => {
    const token = await adminToken()
    expect(decodeProtectedHeader(token).alg).toBe('ES256')
    const from = relay.requests.length
    for (let i = 0; i < 5; i++) expect((await staffRequest(token)).status).toBe(200)
    expect(authCalls(from, '/auth/v1/user')).toBe(0)
    expect(authCalls(from, '/auth/v1/.well-known/jwks.json')).toBeLessThanOrEqual(1)
  })

  it('asks Auth about a legacy HS256 token, as supabase-js getClaims() does', async () => {
    const token = await legacyToken(await adminToken())
    const from = relay.requests.length
    expect((await staffRequest(token)).status).toBe(200)
    expect(authCalls(from, '/auth/v1/user')).toBe(1)
  })

  it('refuses a token signed with a key the project does not publish, even under a published kid', async () => {
    const real = await adminToken()
    const { kid } = decodeProtectedHeader(real)
    const { privateKey } = await generateKeyPair('ES256', { extractable: true })
    const [, payload] = real.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey)
    expect((await staffRequest(forged)).status).toBe(403)
    const unknownKid = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: crypto.randomUUID(), typ: 'JWT' }).sign(privateKey)
    expect((await staffRequest(unknownKid)).status).toBe(403)
    expect(await exportJWK(privateKey)).toHaveProperty('d')
  })

  it('fetches the JWKS again for a rotated key, and refuses a revoked one', async () => {
    const before = await adminToken()
    expect((await staffRequest(before)).status).toBe(200)
    expect((await runSigningKeys(backend.dataDir, 'rotate')).code).toBe(0)
    let after = await adminToken()
    // The backend reloads keys.json when it changes: sign in until the new key signs.
    for (let i = 0; i < 50 && decodeProtectedHeader(after).kid === decodeProtectedHeader(before).kid; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      after = await adminToken()
    }
    expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid)
    const from = relay.requests.length
    expect((await staffRequest(after)).status).toBe(200)
    expect(authCalls(from, '/auth/v1/.well-known/jwks.json')).toBe(1)
    expect((await staffRequest(before)).status).toBe(200)

    expect((await runSigningKeys(backend.dataDir, 'revoke')).code).toBe(0)
    // The cached JWKS still holds the revoked key; the database, which checks every token, refuses it.
    let status = 0
    for (let i = 0; i < 50 && status !== 403; i++) {
      status = (await staffRequest(before)).status
      if (status !== 403) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(status).toBe(403)
    expect((await staffRequest(after)).status).toBe(200)
  })

  it('checks a token with far less CPU against the JWKS than by a round trip to Auth (figures printed)', { timeout: 300_000 }, async () => {
    const token = await adminToken()
    const legacy = await legacyToken(token)
    const checks = 200
    // The check alone, as the staff routes make it, from this process: its CPU and the backend's.
    const measure = async (bearer: string) => {
      const db = backend.withKey(backend.keys.publishableKey) as unknown as Db
      const caller = { token: bearer, projectUrl: backend.url }
      const here = process.cpuUsage()
      const api = processCpuMs(backend.pid)
      for (let i = 0; i < checks; i++) expect(await callerId(db, caller)).toBeTruthy()
      const used = process.cpuUsage(here)
      return { here: (used.user + used.system) / 1000 / checks, api: (processCpuMs(backend.pid) - api) / checks }
    }
    await measure(token)
    await measure(legacy)
    const rounds = { jwks: [] as { here: number; api: number }[], auth: [] as { here: number; api: number }[] }
    for (let round = 0; round < 5; round++) {
      rounds.jwks.push(await measure(token))
      rounds.auth.push(await measure(legacy))
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
    const figures = (runs: { here: number; api: number }[]) => ({ here: median(runs.map((r) => r.here)), api: median(runs.map((r) => r.api)) })
    const local = figures(rounds.jwks)
    const roundTrip = figures(rounds.auth)
    const total = (f: { here: number; api: number }) => f.here + f.api
    console.log(
      `CPU per staff token check (ms, median of 5 rounds of ${checks}): against the JWKS: caller ${local.here.toFixed(3)} + backend ${local.api.toFixed(3)} = ${total(local).toFixed(3)}; ` +
        `round trip to Auth: caller ${roundTrip.here.toFixed(3)} + backend ${roundTrip.api.toFixed(3)} = ${total(roundTrip).toFixed(3)}`,
    )
    expect(total(local)).toBeLessThan(total(roundTrip) / 2)
  })
})
