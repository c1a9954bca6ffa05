import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { KEYS_FILE, loadOrCreateKeys, newApiKey, publicJwk, revokeSigningKeys, rotateSigningKey } from './keys.ts'

let dir: string | undefined

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = undefined
})

describe('the project keys', () => {
  it('gives a keys.json written before the current keys those keys, keeping the legacy ones', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'keys-'))
    const legacy = { jwtSecret: 's'.repeat(64), anonKey: 'eyJ.anon', serviceRoleKey: 'eyJ.service' }
    await writeFile(path.join(dir, KEYS_FILE), JSON.stringify(legacy))
    const keys = await loadOrCreateKeys(dir)
    expect(keys).toMatchObject(legacy)
    expect(keys.publishableKey).toMatch(/^sb_publishable_/)
    expect(keys.secretKey).toMatch(/^sb_secret_/)
    expect(keys.signingKeys).toHaveLength(1)
    expect(JSON.parse(await readFile(path.join(dir, KEYS_FILE), 'utf8'))).toEqual(keys)
    expect(await loadOrCreateKeys(dir)).toEqual(keys)
  })

  it('makes keys in Supabase formats, a different one each time', () => {
    const key = newApiKey('sb_secret_')
    expect(key).toMatch(/^sb_secret_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/)
    expect(newApiKey('sb_secret_')).not.toBe(key)
  })

  it('rotates to a new current key, keeps the previous one until it is revoked, and never revokes the current one', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'keys-'))
    const first = await loadOrCreateKeys(dir)
    const rotated = await rotateSigningKey(first)
    expect(rotated.signingKeys.map((key) => key.status)).toEqual(['current', 'previous'])
    expect(rotated.signingKeys[1].jwk.kid).toBe(first.signingKeys[0].jwk.kid)
    expect(revokeSigningKeys(rotated, rotated.signingKeys[0].jwk.kid).revoked).toEqual([])
    const { keys, revoked } = revokeSigningKeys(rotated)
    expect(revoked).toEqual([first.signingKeys[0].jwk.kid])
    expect(keys.signingKeys.map((key) => key.status)).toEqual(['current'])
    expect(publicJwk(keys.signingKeys[0].jwk)).not.toHaveProperty('d')
  })
})
