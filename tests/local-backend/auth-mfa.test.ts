// Two-factor sign-in (TOTP) on the local backend through the real supabase-js client: enrolment,
// challenge and verify with codes computed by a TOTP library, assurance levels, refused replays,
// wrong-code limits, unenrolment and an admin's reset. Each test uses its own client address, since
// challenge and verify are limited per client.
import type { SupabaseClient } from '@supabase/supabase-js'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'
import { totpCode, totpCodeAhead } from '../helpers/totp.ts'

const PASSWORD = 'a-long-staff-password-1'

let backend: LocalBackend
let service: SupabaseClient

beforeAll(async () => {
  backend = await startLocalBackend()
  service = backend.service()
}, 300_000)

afterAll(async () => {
  await backend?.dispose()
})

async function signedIn(email: string, address: string): Promise<SupabaseClient> {
  const client = backend.clientFrom(address)
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD })
  if (error) throw error
  return client
}

async function claimsOf(client: SupabaseClient): Promise<Record<string, unknown>> {
  const { data } = await client.auth.getSession()
  if (!data.session) throw new Error('no session')
  return decodeJwt(data.session.access_token)
}

async function enroll(client: SupabaseClient, friendlyName: string): Promise<{ id: string; secret: string; qr: string; uri: string }> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName })
  if (error) throw error
  return { id: data.id, secret: data.totp.secret, qr: data.totp.qr_code, uri: data.totp.uri }
}

async function challengeAndVerify(client: SupabaseClient, factorId: string, code: string) {
  const challenge = await client.auth.mfa.challenge({ factorId })
  if (challenge.error) throw challenge.error
  return client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code })
}

/** A new staff member signed in from `address` with one verified factor: the session is aal2. */
async function staffWithFactor(email: string, address: string, friendlyName = 'Phone') {
  const userId = await backend.createUser(email, PASSWORD)
  const client = await signedIn(email, address)
  const factor = await enroll(client, friendlyName)
  const verified = await challengeAndVerify(client, factor.id, totpCode(factor.secret))
  if (verified.error) throw verified.error
  return { userId, client, factor }
}

describe('two-factor sign-in on the local backend', () => {
  it('enrols a TOTP factor, verifies it with a computed code, and raises the session to aal2', async () => {
    const email = 'mfa-enrol@test.local'
    await backend.createUser(email, PASSWORD)
    const client = await signedIn(email, '198.51.100.1')
    const otherSession = await signedIn(email, '198.51.100.1')

    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })

    const factor = await enroll(client, 'Work phone')
    expect(factor.qr).toContain('<svg')
    expect(factor.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(factor.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/)
    expect(factor.uri).toContain(encodeURIComponent(email))

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
    expect(challenge.error).toBeNull()
    expect(challenge.data?.type).toBe('totp')
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000 + 240)

    const wrong = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totpCodeAhead(factor.secret, 10) })
    expect(wrong.error?.code).toBe('mfa_verification_failed')

    const right = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totpCode(factor.secret) })
    expect(right.error).toBeNull()
    const claims = await claimsOf(client)
    expect(claims.aal).toBe('aal2')
    expect(typeof claims.session_id).toBe('string')
    const amr = claims.amr as { method: string; timestamp: number }[]
    expect(amr.map((entry) => entry.method)).toEqual(['totp', 'password'])
    expect(amr[0].timestamp).toBeGreaterThanOrEqual(amr[1].timestamp)

    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })

    // The factor is listed, verified, and its secret is never shown again.
    const userAnswer = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}` },
    })
    const text = await userAnswer.text()
    expect(text).not.toContain(factor.secret)
    const listed = await client.auth.mfa.listFactors()
    expect(listed.data?.totp.map((f) => [f.id, f.status, f.friendly_name])).toEqual([[factor.id, 'verified', 'Work phone']])

    // The person's other aal1 session ended; this one keeps aal2 across a refresh.
    const other = await otherSession.auth.refreshSession()
    expect(other.error).not.toBeNull()
    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2')
  })

  it('asks a person with a factor for a code at sign-in, and refuses a replayed code', async () => {
    const email = 'mfa-signin@test.local'
    const { factor } = await staffWithFactor(email, '198.51.100.2')

    const started = performance.now()
    const client = await signedIn(email, '198.51.100.2')
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    // The next step's code: the current one was spent by the enrolment.
    const nextCode = totpCodeAhead(factor.secret, 1)
    expect((await challengeAndVerify(client, factor.id, nextCode)).error).toBeNull()
    const ms = performance.now() - started
    expect((await claimsOf(client)).aal).toBe('aal2')
    console.log(`sign-in with two-factor, end to end (password, challenge, verify): ${ms.toFixed(0)} ms`)

    const again = await signedIn(email, '198.51.100.2')
    const replay = await challengeAndVerify(again, factor.id, nextCode)
    expect(replay.error?.code).toBe('mfa_verification_failed')
    expect((await claimsOf(again)).aal).toBe('aal1')
  })

  it('needs aal2 for a second factor and to remove a verified one, refuses a taken name, and allows two verified factors', async () => {
    const email = 'mfa-two@test.local'
    const { client: strong, factor: first } = await staffWithFactor(email, '198.51.100.3')

    const weak = await signedIn(email, '198.51.100.3')
    const refused = await weak.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Backup' })
    expect(refused.error?.code).toBe('insufficient_aal')
    const unenrollWeak = await weak.auth.mfa.unenroll({ factorId: first.id })
    expect(unenrollWeak.error?.code).toBe('insufficient_aal')

    const taken = await strong.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    expect(taken.error?.code).toBe('mfa_factor_name_conflict')

    const backup = await enroll(strong, 'Backup phone')
    expect((await challengeAndVerify(strong, backup.id, totpCode(backup.secret))).error).toBeNull()
    const third = await strong.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Third' })
    expect(third.error?.code).toBe('too_many_enrolled_mfa_factors')

    expect((await strong.auth.mfa.unenroll({ factorId: backup.id })).error).toBeNull()
    const listed = await strong.auth.mfa.listFactors()
    expect(listed.data?.all.map((f) => f.id)).toEqual([first.id])
  })

  it('ends the session after five wrong codes, and locks the factor only for addresses it was never verified from', async () => {
    const email = 'mfa-lock@test.local'
    const owner = '198.51.100.4'
    const { factor } = await staffWithFactor(email, owner)

    // Someone with the password: each session gets five tries, then it is over.
    for (const address of ['198.51.100.5', '198.51.100.9']) {
      const guesser = await signedIn(email, address)
      for (let attempt = 0; attempt < 5; attempt++) {
        const wrong = await challengeAndVerify(guesser, factor.id, totpCodeAhead(factor.secret, 20 + attempt))
        expect(wrong.error?.code).toBe('mfa_verification_failed')
      }
      expect((await guesser.auth.getUser()).error?.name).toBe('AuthSessionMissingError')
    }
    // Ten wrong codes in all: a new address is refused even with the right code...
    const stranger = await signedIn(email, '198.51.100.10')
    const refused = await challengeAndVerify(stranger, factor.id, totpCodeAhead(factor.secret, 1))
    expect(refused.error?.status).toBe(429)
    expect((await claimsOf(stranger)).aal).toBe('aal1')
    // ...while the owner, where the factor was verified before, signs in with a code as always.
    const back = await signedIn(email, owner)
    expect((await challengeAndVerify(back, factor.id, totpCodeAhead(factor.secret, 1))).error).toBeNull()
    expect((await claimsOf(back)).aal).toBe('aal2')
  })

  it('limits challenge and verify to 15 a minute per client', async () => {
    const email = 'mfa-limit@test.local'
    await backend.createUser(email, PASSWORD)
    const client = await signedIn(email, '198.51.100.6')
    const factor = await enroll(client, 'Phone')
    const answers = []
    for (let i = 0; i < 16; i++) answers.push(await client.auth.mfa.challenge({ factorId: factor.id }))
    expect(answers.slice(0, 15).every((answer) => answer.error === null)).toBe(true)
    expect(answers[15].error?.status).toBe(429)
    const elsewhere = await signedIn(email, '198.51.100.7')
    expect((await elsewhere.auth.mfa.challenge({ factorId: factor.id })).error).toBeNull()
  })

  it("lets an admin list and remove a person's factors (a lost phone); their session drops to aal1", async () => {
    const { userId, client, factor } = await staffWithFactor('mfa-reset@test.local', '198.51.100.8', 'Lost phone')

    const listed = await service.auth.admin.mfa.listFactors({ userId })
    expect(listed.error).toBeNull()
    expect(listed.data?.factors.map((f) => [f.id, f.status])).toEqual([[factor.id, 'verified']])
    expect(JSON.stringify(listed.data)).not.toContain(factor.secret)

    const removed = await service.auth.admin.mfa.deleteFactor({ userId, id: factor.id })
    expect(removed.error).toBeNull()
    expect((await service.auth.admin.mfa.listFactors({ userId })).data?.factors).toEqual([])

    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal1')
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })

    // Only the service-role key may do this.
    const asStaff = await fetch(`${backend.url}/auth/v1/admin/users/${userId}/factors`, {
      headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}` },
    })
    expect(asStaff.status).toBe(403)
  })
})
