// The local project's JWT secret and the two API keys derived from it. Generated into DATA_DIR on
// first start, so no secret is ever in the repository; `npm run status` reads the same file.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { SignJWT } from 'jose'

export interface ProjectKeys {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
}

export const KEYS_FILE = 'keys.json'
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

export async function readKeys(dataDir: string): Promise<ProjectKeys | null> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, KEYS_FILE), 'utf8')) as ProjectKeys
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

export async function loadOrCreateKeys(dataDir: string): Promise<ProjectKeys> {
  const existing = await readKeys(dataDir)
  if (existing) return existing
  const jwtSecret = randomBytes(48).toString('base64url')
  const keys: ProjectKeys = {
    jwtSecret,
    anonKey: await signApiKey('anon', jwtSecret),
    serviceRoleKey: await signApiKey('service_role', jwtSecret),
  }
  await mkdir(dataDir, { recursive: true })
  await writeFile(path.join(dataDir, KEYS_FILE), JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 })
  return keys
}
