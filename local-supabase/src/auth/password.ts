// Password hashing with scrypt, a memory-hard KDF built into Node (no native add-on to install).
// N = 2^15, r = 8, p = 1 needs 128·N·r = 32 MiB and roughly 50–100 ms per hash: OWASP's scrypt
// recommendation, and slow enough that a stolen auth.users is expensive to crack.
// Stored as a self-describing string, `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64, PHC style),
// so the cost can be raised later while old hashes still verify.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const LOG_N = 15
const R = 8
const P = 1
const SALT_BYTES = 16
const KEY_BYTES = 32
const PREFIX = '$scrypt$'

function scryptAsync(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // async scrypt runs on the libuv thread pool, so a sign-in never blocks other requests.
    scrypt(password.normalize('NFKC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

function optionsFor(logN: number, r: number, p: number): ScryptOptions {
  // maxmem must exceed 128·N·r (Node's default cap is exactly 32 MiB, too tight for N = 2^15, r = 8).
  return { N: 2 ** logN, r, p, maxmem: 2 * 128 * 2 ** logN * r + 1024 * 1024 }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await scryptAsync(password, salt, KEY_BYTES, optionsFor(LOG_N, R, P))
  return `${PREFIX}ln=${LOG_N},r=${R},p=${P}$${salt.toString('base64')}$${key.toString('base64')}`
}

interface ParsedHash {
  logN: number
  r: number
  p: number
  salt: Buffer
  key: Buffer
}

function parseHash(stored: string): ParsedHash | null {
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

let dummyHash: Promise<string> | null = null

/**
 * A hash of a random password with the current parameters, verified against when there is no
 * account (or no usable hash), so an unknown e-mail costs the same time as a wrong password.
 */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64'))
  return dummyHash
}

/** Warms the dummy hash at start-up so the first unknown-e-mail sign-in is not measurably slower. */
export function prepareDummyHash(): Promise<void> {
  return dummy().then(() => undefined)
}

/**
 * True when `password` matches `stored`. Always runs one full KDF, also when `stored` is null or
 * unusable, and compares in constant time.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = (stored && parseHash(stored)) || null
  const target = parsed ?? (parseHash(await dummy()) as ParsedHash)
  const key = await scryptAsync(password, target.salt, target.key.length, optionsFor(target.logN, target.r, target.p))
  const equal = timingSafeEqual(key, target.key)
  return parsed !== null && equal
}

export type PasswordProblem = { reason: 'length'; message: string } | { reason: 'too_long'; message: string }

/** The password policy of accounts this backend creates. Null when acceptable. */
export function checkPassword(password: string, minLength: number): PasswordProblem | null {
  if ([...password].length < minLength) {
    return { reason: 'length', message: `Password should be at least ${minLength} characters.` }
  }
  // An upper bound keeps request bodies and KDF input sane; passphrases well beyond it are fine.
  if (password.length > 1024) return { reason: 'too_long', message: 'Password cannot be longer than 1024 characters' }
  return null
}
