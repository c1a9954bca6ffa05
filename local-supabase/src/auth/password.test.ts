// Password hashes: Supabase Auth's bcrypt for every new one, so accounts move to a hosted project
// with their passwords; the older scrypt hashes still verify and are marked for re-hashing.
import { randomBytes, scryptSync } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { describe, expect, it } from 'vitest'
import { checkPassword, hashPassword, needsRehash, verifyPassword } from './password.ts'

function scryptHash(password: string): string {
  const salt = randomBytes(16)
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 })
  return `$scrypt$ln=15,r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`
}

describe('password hashes', () => {
  it('are bcrypt as Supabase Auth writes them ($2a$, cost 10), salted, and verify', async () => {
    const hash = await hashPassword('correct horse battery')
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/)
    expect(await hashPassword('correct horse battery')).not.toBe(hash)
    // Any bcrypt implementation (here bcryptjs directly, as Go's does on Supabase) accepts it.
    expect(bcrypt.compareSync('correct horse battery', hash)).toBe(true)
    expect(await verifyPassword('correct horse battery', hash)).toBe(true)
    expect(await verifyPassword('correct horse batterz', hash)).toBe(false)
    expect(await verifyPassword('correct horse battery', null)).toBe(false)
    expect(await verifyPassword('correct horse battery', '$2a$10$abcdefghijklmnopqrstuv')).toBe(false)
    expect(needsRehash(hash, 'correct horse battery')).toBe(false)
  })

  it('still verify an older scrypt hash, which is then due for bcrypt', async () => {
    const hash = scryptHash('legacy passphrase')
    expect(await verifyPassword('legacy passphrase', hash)).toBe(true)
    expect(await verifyPassword('legacy passphrasf', hash)).toBe(false)
    // Parameters outside sane bounds are refused rather than run.
    expect(await verifyPassword('legacy passphrase', hash.replace('ln=15', 'ln=30'))).toBe(false)
    expect(needsRehash(hash, 'legacy passphrase')).toBe(true)
    // bcrypt would cut a password past 72 bytes: that account keeps its scrypt hash.
    expect(needsRehash(hash, 'é'.repeat(40))).toBe(false)
  })

  it('refuse passwords bcrypt would cut short (over 72 bytes), as Supabase Auth does', () => {
    expect(checkPassword('a'.repeat(72), 8)).toBeNull()
    expect(checkPassword('a'.repeat(73), 8)).toEqual({ reason: 'too_long', message: 'Password cannot be longer than 72 characters' })
    expect(checkPassword('é'.repeat(37), 8)?.reason).toBe('too_long') // 74 bytes
    expect(checkPassword('short', 8)?.reason).toBe('length')
  })
})
