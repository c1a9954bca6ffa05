// Password hashes exactly as Supabase Auth (GoTrue) writes them: bcrypt, `$2a$`, cost 10, so
// auth.users rows move to a hosted project unchanged and their owners sign in there with the same
// password. Older accounts may still hold a local scrypt hash (`$scrypt$ln=15,r=8,p=1$<salt>$<hash>`);
// it still verifies here, and needsRehash() tells sign-in to replace it with bcrypt.
import { scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import bcrypt from 'bcryptjs'

/** bcrypt reads at most 72 bytes of a password; GoTrue refuses longer ones rather than cut them. */
export const MAX_PASSWORD_BYTES = 72
const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/

/**
 * The bcrypt cost of new hashes, and what a password is checked against when there is no account
 * (or no usable hash), so an unknown e-mail costs one full bcrypt at that cost, as a wrong password
 * does: a hash of a random password nobody kept, fixed, so no start pays for making one; and a
 * match would sign nobody in.
 */
interface Hashing {
  cost: number
  noAccountHash: string
}

/** GoTrue's cost. */
const GOTRUE_HASHING: Hashing = { cost: 10, noAccountHash: '$2a$10$p5XOSSeBFj.6VvK5cDwEdunR8LBRR6gULMLHzFJ1iVeTI0pm5F6rO' }
/** bcrypt's minimum, which GoTrue's own tests hash at too. */
const QUICK_HASHING: Hashing = { cost: 4, noAccountHash: '$2a$04$tTtSQbs2fg740bZWTwTlBuyFZQkBuVpj.httmNIWlBYz9JwEuELoW' }

let hashing = GOTRUE_HASHING

/**
 * New hashes at bcrypt's minimum cost from now on, and an unknown e-mail checked at that cost too
 * (TEST_QUICK_HASH=1; for tests only). A test backend signs in hundreds of times: at cost 10 each
 * sign-in costs about 0.1 CPU-s.
 */
export function useQuickHashes(): void {
  hashing = QUICK_HASHING
}

export async function hashPassword(password: string): Promise<string> {
  // bcryptjs writes `$2b$` salts; for passwords of at most 72 bytes `$2a$` is the same algorithm,
  // and `$2a$` is what GoTrue writes.
  const salt = (await bcrypt.genSalt(hashing.cost)).replace(/^\$2b\$/, '$2a$')
  return bcrypt.hash(password, salt)
}

function scryptAsync(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // async scrypt runs on the libuv thread pool, so a sign-in never blocks other requests.
    scrypt(password.normalize('NFKC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

interface ScryptHash {
  logN: number
  r: number
  p: number
  salt: Buffer
  key: Buffer
}

function parseScrypt(stored: string): ScryptHash | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored)
  if (!match) return null
  const [logN, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])]
  // Bounds keep a damaged or hostile row from asking for gigabytes of memory.
  if (logN < 10 || logN > 20 || r < 1 || r > 16 || p < 1 || p > 4) return null
  const salt = Buffer.from(match[4], 'base64')
  const key = Buffer.from(match[5], 'base64')
  if (salt.length < 8 || key.length < 16) return null
  return { logN, r, p, salt, key }
}

async function verifyScrypt(password: string, target: ScryptHash): Promise<boolean> {
  // maxmem must exceed 128·N·r (Node's default cap is exactly 32 MiB, too tight for N = 2^15, r = 8).
  const options = { N: 2 ** target.logN, r: target.r, p: target.p, maxmem: 2 * 128 * 2 ** target.logN * target.r + 1024 * 1024 }
  const key = await scryptAsync(password, target.salt, target.key.length, options)
  return timingSafeEqual(key, target.key)
}

/**
 * True when `password` matches `stored` (bcrypt, or a local scrypt hash). Always runs one full KDF,
 * also when `stored` is null or unusable; bcryptjs compares in constant time.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const scryptHash = stored ? parseScrypt(stored) : null
  if (scryptHash) return verifyScrypt(password, scryptHash)
  const usable = stored !== null && BCRYPT_HASH.test(stored)
  const equal = await bcrypt.compare(password, usable ? stored : hashing.noAccountHash)
  return usable && equal
}

/** True when a hash that just verified `password` should be replaced by bcrypt (it is a scrypt hash). */
export function needsRehash(stored: string, password: string): boolean {
  // A password bcrypt would cut short keeps its scrypt hash rather than lose its tail.
  return !BCRYPT_HASH.test(stored) && Buffer.byteLength(password) <= MAX_PASSWORD_BYTES
}

export type PasswordProblem = { reason: 'length'; message: string } | { reason: 'too_long'; message: string }

/** The password policy of accounts this backend creates. Null when acceptable. */
export function checkPassword(password: string, minLength: number): PasswordProblem | null {
  if ([...password].length < minLength) {
    return { reason: 'length', message: `Password should be at least ${minLength} characters.` }
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    return { reason: 'too_long', message: `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters` }
  }
  return null
}
