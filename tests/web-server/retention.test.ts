// Retention of personal data as the web server applies it: with a period shortened in the site
// settings, a run removes the older rows and their CV files (through the Storage API), keeps the
// newer ones, and records its counts in the activity log.
import { randomUUID } from 'node:crypto'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyRetention } from '../../server/retention.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n')

let backend: LocalBackend

beforeAll(async () => {
  backend = await startLocalBackend()
})

afterAll(async () => {
  await backend?.dispose()
})

const fileExists = (name: string) =>
  stat(path.join(backend.dataDir, 'storage', 'applications', ...name.split('/'))).then(
    () => true,
    () => false,
  )

async function apply(name: string, email: string, keepForFutureRoles = false): Promise<string> {
  const cv = `${randomUUID()}/cv.pdf`
  const anon = backend.anon()
  expect((await anon.storage.from('applications').upload(cv, PDF, { contentType: 'application/pdf' })).error).toBeNull()
  const { data: opening } = await backend.service().from('job_openings').select('id').eq('active', true).limit(1).single()
  const applied = await anon
    .from('job_applications')
    .insert({ job_opening_id: opening?.id, name, email, cv_path: cv, keep_for_future_roles: keepForFutureRoles })
  expect(applied.error).toBeNull()
  return cv
}

describe('retention', () => {
  it('removes rows and CV files older than their period, keeps the rest, and logs the counts', async () => {
    const service = backend.service()
    const oldCv = await apply('Old Applicant', 'old.applicant@example.test')
    const poolCv = await apply('Pool Applicant', 'pool.applicant@example.test', true)
    const freshCv = await apply('Fresh Applicant', 'fresh.applicant@example.test')
    const anon = backend.anon()
    for (const email of ['old.sender@example.test', 'fresh.sender@example.test']) {
      expect((await anon.from('contact_messages').insert({ first_name: 'A', last_name: 'Sender', email, message: 'Hello' })).error).toBeNull()
    }
    // Three days pass for the "old" ones.
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString()
    for (const email of ['old.applicant@example.test', 'pool.applicant@example.test']) {
      expect((await service.from('job_applications').update({ created_at: threeDaysAgo }).eq('email', email)).error).toBeNull()
    }
    expect((await service.from('contact_messages').update({ created_at: threeDaysAgo }).eq('email', 'old.sender@example.test')).error).toBeNull()

    // With the default periods (months), nothing of this goes.
    expect(await applyRetention(service)).toMatchObject({ contactMessages: 0, jobApplications: 0, cvFiles: 0 })
    expect(await fileExists(oldCv)).toBe(true)

    for (const key of ['retention_applications_days', 'retention_contact_messages_days']) {
      expect((await service.from('site_settings').update({ value: '2' }).eq('key', key)).error).toBeNull()
    }
    const counts = await applyRetention(service)
    expect(counts).toMatchObject({ contactMessages: 1, jobApplications: 1, cvFiles: 1 })

    const { data: applications } = await service.from('job_applications').select('email').order('email')
    expect(applications?.map((a) => a.email)).toEqual(['fresh.applicant@example.test', 'pool.applicant@example.test'])
    const { data: messages } = await service.from('contact_messages').select('email').in('email', ['old.sender@example.test', 'fresh.sender@example.test'])
    expect(messages).toEqual([{ email: 'fresh.sender@example.test' }])
    expect(await fileExists(oldCv)).toBe(false)
    expect(await fileExists(poolCv)).toBe(true)
    expect(await fileExists(freshCv)).toBe(true)
    const [folder] = oldCv.split('/')
    expect((await service.storage.from('applications').list(folder)).data).toEqual([])

    const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const { data: feed, error } = await admin.rpc('activity_feed', { max_rows: 20 })
    expect(error).toBeNull()
    const run = (feed as { title: string | null }[]).find((entry) => entry.title?.startsWith('Retention: 1 messages, 1 applications'))
    expect(run).toBeDefined()
  }, 180_000)
})
