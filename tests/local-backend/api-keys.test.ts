// Supabase's current keys on the local backend, through the real supabase-js: the publishable key
// acts as anon and the secret key as service_role on REST, Auth and Storage; a browser may not send
// the secret key; access tokens are ES256 JWTs whose kid the JWKS publishes, verifiable with jose
// against that JWKS alone; a rotated signing key keeps verifying until it is revoked; and with
// legacy keys off, the anon and service-role JWTs and HS256 tokens are refused.
import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify, SignJWT, type JSONWebKeySet } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readKeys } from '../../local-supabase/src/keys.ts'
import { STAFF_API_PATH } from '../../src/features/admin/staff/api/staff-requests'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'
import { runSigningKeys as signingKeys } from '../helpers/signing-keys.ts'
import { startSite } from '../helpers/site-server.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

async function jwksOf(backend: LocalBackend): Promise<JSONWebKeySet> {
  const response = await fetch(`${backend.url}/auth/v1/.well-known/jwks.json`)
  expect(response.status).toBe(200)
  return (await response.json()) as JSONWebKeySet
}

/** Waits until the running backend publishes `count` signing keys (it reloads keys.json when it changes). */
async function publishedKeys(backend: LocalBackend, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const kids = (await jwksOf(backend)).keys.map((key) => key.kid as string)
    if (kids.length === count) return kids
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`the JWKS never had ${count} keys`)
}

async function accessToken(backend: LocalBackend): Promise<string> {
  const client = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
  return (await client.auth.getSession()).data.session!.access_token
}

/** A REST read with a user's token next to the publishable key: its status. */
async function readAs(backend: LocalBackend, token: string): Promise<number> {
  const response = await fetch(`${backend.url}/rest/v1/contact_messages?select=id`, {
    headers: { apikey: backend.keys.publishableKey, authorization: `Bearer ${token}` },
  })
  return response.status
}

describe('the publishable and secret keys (legacy keys on)', () => {
  let backend: LocalBackend

  beforeAll(async () => {
    backend = await startLocalBackend()
    const lead = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', message: 'A lead only staff may read' }
    const { error } = await backend.withKey(backend.keys.publishableKey).from('contact_messages').insert(lead)
    expect(error).toBeNull()
  })

  afterAll(async () => {
    await backend?.dispose()
  })

  it('prints both generations of keys in Supabase formats', () => {
    expect(backend.keys.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/)
    expect(backend.keys.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/)
    expect(backend.output()).toContain(`PUBLISHABLE_KEY=${backend.keys.publishableKey}`)
    expect(backend.output()).not.toContain(backend.keys.secretKey)
  })

  it('reads with the publishable key what anon reads, and with the secret key what service_role reads', async () => {
    const publishable = backend.withKey(backend.keys.publishableKey)
    const secret = backend.withKey(backend.keys.secretKey)
    for (const table of ['blog_posts', 'contact_messages', 'site_settings', 'staff_roles'] as const) {
      const [asAnon, asPublishable, asService, asSecret] = await Promise.all(
        [backend.anon(), publishable, backend.service(), secret].map(async (client) => {
          const { data, error } = await client.from(table).select('*')
          return { rows: (data ?? []).map((row) => JSON.stringify(row)).sort(), error: error?.code ?? null }
        }),
      )
      expect(asPublishable, table).toEqual(asAnon)
      expect(asSecret, table).toEqual(asService)
    }
    // The two roles differ: only the secret key reads the lead.
    expect((await secret.from('contact_messages').select('email')).data).toEqual([{ email: 'ada@example.com' }])
    expect((await publishable.from('contact_messages').select('email')).data ?? []).toEqual([])
  })

  it('opens the Auth admin API and Storage with the secret key only', async () => {
    const secret = backend.withKey(backend.keys.secretKey)
    const listed = await secret.auth.admin.listUsers()
    expect(listed.error).toBeNull()
    expect(listed.data.users.map((u) => u.email)).toContain(TEST_ADMIN.email)
    const refused = await backend.withKey(backend.keys.publishableKey).auth.admin.listUsers()
    expect(refused.error?.status).toBe(403)
    // The secret key alone in `apikey`, no Authorization header, as Supabase allows on the admin API.
    const bare = await fetch(`${backend.url}/auth/v1/admin/users`, { headers: { apikey: backend.keys.secretKey } })
    expect(bare.status).toBe(200)

    const buckets = await secret.storage.listBuckets()
    expect(buckets.data?.map((b) => b.id)).toEqual(expect.arrayContaining(['applications', 'media']))
    const cv = await secret.storage.from('applications').list()
    expect(cv.error).toBeNull()
    const asVisitor = await backend.withKey(backend.keys.publishableKey).storage.from('applications').createSignedUrl('x/cv.pdf', 60)
    expect(asVisitor.error).not.toBeNull()
  })

  it('signs a user in with the publishable key; the session reads as authenticated', async () => {
    const client = backend.withKey(backend.keys.publishableKey)
    const { data, error } = await client.auth.signInWithPassword(TEST_ADMIN)
    expect(error).toBeNull()
    expect((await client.auth.getUser()).data.user?.email).toBe(TEST_ADMIN.email)
    expect((await client.rpc('is_admin')).data).toBe(true)
    expect(data.session?.access_token).toBeTruthy()
  })

  it("refuses a secret key a browser sends, with Supabase's answer, on every API", async () => {
    const browser = backend.withKey(backend.keys.secretKey, { 'User-Agent': CHROME })
    const rest = await browser.from('site_settings').select('key')
    expect(rest.error?.message).toBe('Forbidden use of secret API key in browser')
    for (const path of ['/rest/v1/site_settings?select=key', '/auth/v1/admin/users', '/storage/v1/bucket']) {
      const response = await fetch(`${backend.url}${path}`, {
        headers: { apikey: backend.keys.secretKey, authorization: `Bearer ${backend.keys.secretKey}`, 'user-agent': CHROME },
      })
      expect(response.status, path).toBe(401)
      expect(response.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_API_KEY_TYPE')
      expect(await response.json()).toEqual({
        message: 'Forbidden use of secret API key in browser',
        hint: expect.stringContaining('protected environment'),
      })
    }
    // The same key from a server, and the publishable key from a browser, are fine.
    expect((await backend.withKey(backend.keys.secretKey).from('site_settings').select('key')).error).toBeNull()
    expect((await backend.withKey(backend.keys.publishableKey, { 'User-Agent': CHROME }).from('site_settings').select('key')).error).toBeNull()
  })

  it('signs access tokens ES256 with a kid the JWKS publishes, verifiable with jose against the JWKS alone', async () => {
    const token = await accessToken(backend)
    const header = decodeProtectedHeader(token)
    expect(header.alg).toBe('ES256')
    const jwks = await jwksOf(backend)
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: expect.any(String),
      y: expect.any(String),
      kid: header.kid,
      alg: 'ES256',
      use: 'sig',
      key_ops: ['verify'],
      ext: true,
    })
    expect(jwks.keys[0]).not.toHaveProperty('d')
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { issuer: `${backend.url}/auth/v1`, audience: 'authenticated' })
    expect(payload.email).toBe(TEST_ADMIN.email)
    expect(payload.role).toBe('authenticated')
    // As a server on another machine would: the remote set, fetched without any key.
    await expect(jwtVerify(token, createRemoteJWKSet(new URL(`${backend.url}/auth/v1/.well-known/jwks.json`)))).resolves.toBeTruthy()
    // supabase-js verifies it the same way, locally.
    const client = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const claims = await client.auth.getClaims()
    expect(claims.error).toBeNull()
    expect(claims.data?.header.kid).toBe(header.kid)
  })

  it('keeps a rotated key verifying its tokens until it is revoked, then refuses them', async () => {
    const before = await accessToken(backend)
    const oldKid = decodeProtectedHeader(before).kid
    const rotated = await signingKeys(backend.dataDir, 'rotate')
    expect(rotated.code, rotated.output).toBe(0)
    const kids = await publishedKeys(backend, 2)
    expect(kids).toContain(oldKid)

    const after = await accessToken(backend)
    const newKid = decodeProtectedHeader(after).kid
    expect(newKid).not.toBe(oldKid)
    expect(kids).toContain(newKid)
    expect(await readAs(backend, before)).toBe(200)
    expect(await readAs(backend, after)).toBe(200)

    const revoked = await signingKeys(backend.dataDir, 'revoke', oldKid as string)
    expect(revoked.code, revoked.output).toBe(0)
    expect(await publishedKeys(backend, 1)).toEqual([newKid])
    expect(await readAs(backend, before)).toBe(401)
    const user = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.keys.publishableKey, authorization: `Bearer ${before}` } })
    expect(user.status).toBe(403)
    expect(await readAs(backend, after)).toBe(200)
    // The current key is never revoked: only a previous one.
    expect((await signingKeys(backend.dataDir, 'revoke', newKid as string)).code).toBe(1)
    expect((await readKeys(backend.dataDir))?.signingKeys.map((key) => key.jwk.kid)).toEqual([newKid])
  })
})

describe('legacy keys off (LEGACY_API_KEYS=off)', () => {
  let backend: LocalBackend

  beforeAll(async () => {
    backend = await startLocalBackend({ LEGACY_API_KEYS: 'off' })
  })

  afterAll(async () => {
    await backend?.dispose()
  })

  it('refuses the anon and service-role JWTs on every API, and HS256 tokens signed with the legacy secret', async () => {
    for (const key of [backend.keys.anonKey, backend.keys.serviceRoleKey]) {
      for (const path of ['/rest/v1/site_settings?select=key', '/auth/v1/settings', '/storage/v1/bucket']) {
        const response = await fetch(`${backend.url}${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } })
        expect(response.status, path).toBe(401)
        expect(await response.json()).toEqual({ message: 'Legacy API keys are disabled' })
      }
    }
    const { error } = await backend.anon().from('site_settings').select('key')
    expect(error?.message).toBe('Legacy API keys are disabled')
    const now = Math.floor(Date.now() / 1000)
    const legacyUserToken = await new SignJWT({ role: 'authenticated', sub: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(backend.keys.jwtSecret))
    expect(await readAs(backend, legacyUserToken)).toBe(401)
    expect(backend.output()).not.toContain('ANON_KEY=')
  })

  it('serves everything on the publishable and secret keys', async () => {
    const publishable = backend.withKey(backend.keys.publishableKey)
    expect((await publishable.from('site_settings').select('key')).data?.length).toBeGreaterThan(0)
    const { error } = await publishable.auth.signInWithPassword(TEST_ADMIN)
    expect(error).toBeNull()
    expect((await publishable.rpc('is_admin')).data).toBe(true)
    expect((await backend.withKey(backend.keys.secretKey).auth.admin.listUsers()).error).toBeNull()
  })

  it('runs the site on the publishable and secret keys alone', async () => {
    const site = await startSite(backend.url, backend.keys.publishableKey, {
      SUPABASE_SECRET_KEY: backend.keys.secretKey,
      SUPABASE_ANON_KEY: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
    })
    try {
      const home = await fetch(`${site.url}/`)
      expect(home.status).toBe(200)
      expect(await home.text()).toContain('Ledgerfield Technologies')
      expect((await fetch(`${site.url}/healthz`)).status).toBe(200)
      const staff = await fetch(`${site.url}${STAFF_API_PATH}`, { headers: { authorization: `Bearer ${await accessToken(backend)}` } })
      expect(staff.status).toBe(200)
      expect(site.output()).toContain('Supabase keys: public from SUPABASE_PUBLISHABLE_KEY, secret from SUPABASE_SECRET_KEY')
      expect(site.output()).not.toMatch(/not removed|not sent|not applied/)
    } finally {
      await site.stop()
    }
  })
})
