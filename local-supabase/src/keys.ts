// The local project's keys, generated into DATA_DIR/keys.json on first start (no secret is ever in
// the repository; `npm run status` reads the same file), in the two generations Supabase has:
// - the current ones: a publishable key (`sb_publishable_…`, for browsers, acts as `anon`), a
//   secret key (`sb_secret_…`, for servers, acts as `service_role`), and asymmetric JWT signing
//   keys (ES256, each with a `kid`) that sign user access tokens and are published as a JWKS;
// - the legacy ones: the shared HS256 JWT secret and the `anon` and `service_role` JWTs signed
//   with it, accepted while legacy keys are on (LEGACY_API_KEYS, config.ts).
// A keys.json written before the current keys existed gains them at the next start.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { watch, type FSWatcher } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'

/** A private ES256 JWK as Supabase's signing keys are written (`supabase gen signing-key`). */
export interface SigningJwk extends JWK {
  kid: string
  alg: 'ES256'
  kty: 'EC'
  crv: 'P-256'
  x: string
  y: string
  d: string
}

/**
 * A signing key and where it is in its life, as Supabase's dashboard names it: `current` signs
 * every new access token (exactly one is), `previous` signed earlier ones and still verifies them
 * until it is revoked. A revoked key leaves the file, so its tokens are refused.
 */
export interface SigningKey {
  status: 'current' | 'previous'
  /** When it became the current key, then when it stopped being (ISO time). */
  since: string
  jwk: SigningJwk
}

export interface ProjectKeys {
  /** The legacy HS256 secret: signs the legacy API keys, and stays the backend's own HMAC key. */
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
  publishableKey: string
  secretKey: string
  signingKeys: SigningKey[]
}

/** The public half of a signing key, as GET /auth/v1/.well-known/jwks.json lists it (GoTrue's shape). */
export interface PublicJwk {
  kty: 'EC'
  crv: 'P-256'
  x: string
  y: string
  kid: string
  alg: 'ES256'
  use: 'sig'
  key_ops: ['verify']
  ext: true
}

export const KEYS_FILE = 'keys.json'
export const PUBLISHABLE_PREFIX = 'sb_publishable_'
export const SECRET_PREFIX = 'sb_secret_'
const TEN_YEARS_S = 10 * 365 * 24 * 3600

export function secretBytes(jwtSecret: string): Uint8Array {
  return new TextEncoder().encode(jwtSecret)
}

async function signApiKey(role: 'anon' | 'service_role', jwtSecret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ iss: 'supabase', ref: 'local', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + TEN_YEARS_S)
    .sign(secretBytes(jwtSecret))
}

/**
 * An opaque API key in Supabase's format: the prefix, 128 random bits and a short checksum of both
 * (base64url), so a mistyped key is told from another project's without a look-up.
 */
export function newApiKey(prefix: typeof PUBLISHABLE_PREFIX | typeof SECRET_PREFIX): string {
  const random = randomBytes(16).toString('base64url')
  const checksum = createHash('sha256').update(`${prefix}${random}`).digest().subarray(0, 6).toString('base64url')
  return `${prefix}${random}_${checksum}`
}

export async function newSigningJwk(): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, kid: randomUUID(), alg: 'ES256', use: 'sig', key_ops: ['sign', 'verify'], ext: true } as SigningJwk
}

export function publicJwk(jwk: SigningJwk): PublicJwk {
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid: jwk.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'], ext: true }
}

export function currentSigningKey(keys: ProjectKeys): SigningKey {
  const current = keys.signingKeys.find((key) => key.status === 'current')
  if (!current) throw new Error(`${KEYS_FILE} has no current signing key`)
  return current
}

export function keysFile(dataDir: string): string {
  return path.join(dataDir, KEYS_FILE)
}

export async function readKeys(dataDir: string): Promise<ProjectKeys | null> {
  try {
    return JSON.parse(await readFile(keysFile(dataDir), 'utf8')) as ProjectKeys
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** Replaces keys.json at once (a reader never sees half a file), readable by its owner only. */
export async function writeKeys(dataDir: string, keys: ProjectKeys): Promise<void> {
  await mkdir(dataDir, { recursive: true })
  const partial = `${keysFile(dataDir)}.${process.pid}.tmp`
  await writeFile(partial, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 })
  await rename(partial, keysFile(dataDir))
}

export async function loadOrCreateKeys(dataDir: string): Promise<ProjectKeys> {
  const existing = await readKeys(dataDir)
  if (existing?.publishableKey && existing.secretKey && existing.signingKeys?.length) return existing
  const jwtSecret = existing?.jwtSecret ?? randomBytes(48).toString('base64url')
  const keys: ProjectKeys = {
    jwtSecret,
    anonKey: existing?.anonKey ?? (await signApiKey('anon', jwtSecret)),
    serviceRoleKey: existing?.serviceRoleKey ?? (await signApiKey('service_role', jwtSecret)),
    publishableKey: existing?.publishableKey ?? newApiKey(PUBLISHABLE_PREFIX),
    secretKey: existing?.secretKey ?? newApiKey(SECRET_PREFIX),
    signingKeys: existing?.signingKeys?.length ? existing.signingKeys : [{ status: 'current', since: new Date().toISOString(), jwk: await newSigningJwk() }],
  }
  await writeKeys(dataDir, keys)
  return keys
}

/** A new signing key becomes current; the one before it is kept, verifying, until revoked. */
export async function rotateSigningKey(keys: ProjectKeys): Promise<ProjectKeys> {
  const now = new Date().toISOString()
  const kept = keys.signingKeys.map((key): SigningKey => (key.status === 'current' ? { ...key, status: 'previous', since: now } : key))
  return { ...keys, signingKeys: [{ status: 'current', since: now, jwk: await newSigningJwk() }, ...kept] }
}

/** Drops previous signing keys (`kid`, or all of them): tokens they signed are refused from then on. */
export function revokeSigningKeys(keys: ProjectKeys, kid?: string): { keys: ProjectKeys; revoked: string[] } {
  const revoked = keys.signingKeys.filter((key) => key.status === 'previous' && (kid === undefined || key.jwk.kid === kid)).map((key) => key.jwk.kid)
  return { keys: { ...keys, signingKeys: keys.signingKeys.filter((key) => !revoked.includes(key.jwk.kid)) }, revoked }
}

/**
 * Calls `changed` with keys.json's new contents each time it is replaced (a rotation or a
 * revocation by `npm run keys`). The directory is watched, since the file is replaced by a rename.
 */
export function watchKeys(dataDir: string, changed: (keys: ProjectKeys) => void): FSWatcher {
  let pending: NodeJS.Timeout | undefined
  let last = ''
  const reload = async () => {
    const text = await readFile(keysFile(dataDir), 'utf8').catch(() => '')
    if (text === '' || text === last) return
    last = text
    try {
      changed(JSON.parse(text) as ProjectKeys)
    } catch (error) {
      console.error(`${KEYS_FILE} could not be read; the keys in use stay:`, error)
    }
  }
  void readFile(keysFile(dataDir), 'utf8').then(
    (text) => (last = text),
    () => undefined,
  )
  const watcher = watch(dataDir, (_event, name) => {
    if (name !== KEYS_FILE) return
    clearTimeout(pending)
    pending = setTimeout(() => void reload(), 20)
  })
  watcher.unref()
  return watcher
}
