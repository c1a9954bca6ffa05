// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { strFromU8, unzipSync } from 'fflate'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { exportPersonalData } from '~/features/admin/privacy/api/privacy'
import { createBrowserClient } from '~/lib/supabase'
import { adminBackend, expectToast, renderRoute } from '../../../tests/helpers/admin-harness'
import * as screenRoute from './privacy'

const env = adminBackend()
const eveCv = `${randomUUID()}/eve-cv.pdf`
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a])

beforeAll(async () => {
  const visitor = createBrowserClient({ url: env.backend.url, anonKey: env.backend.anonKey }, { persistSession: false })
  for (const [first, email] of [
    ['Eve', 'eve@example.com'],
    ['Sam', 'sam@example.com'],
  ]) {
    const { error } = await visitor.from('contact_messages').insert({ first_name: first, last_name: 'Person', email, message: `Message from ${first}` })
    if (error) throw error
    expect((await visitor.rpc('subscribe_newsletter', { email })).error).toBeNull()
  }
  expect((await visitor.storage.from('applications').upload(eveCv, PDF, { contentType: 'application/pdf' })).error).toBeNull()
  const { data: opening } = await env.db.from('job_openings').select('id').eq('active', true).limit(1).single()
  const applied = await visitor.from('job_applications').insert({ job_opening_id: opening!.id, name: 'Eve Person', email: 'eve@example.com', cv_path: eveCv })
  expect(applied.error).toBeNull()
})

describe('Personal Data', () => {
  it('shows everything held about an address, and nothing of anyone else', async () => {
    renderRoute(screenRoute, env.db, '/admin/privacy?email=Eve@Example.com')
    const messages = await screen.findByRole('region', { name: 'Contact messages (1)' }, { timeout: 10_000 })
    expect(within(messages).getByText('Message from Eve')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Applications and CV files (1)' }).textContent).toContain('eve-cv.pdf')
    expect(screen.getByRole('region', { name: 'Newsletter subscription' }).textContent).toContain('pending')
    expect(document.body.textContent).not.toContain('Sam')
  })

  it('exports one ZIP: every row as JSON and the CV', async () => {
    const zip = unzipSync(new Uint8Array(await (await exportPersonalData(env.db, 'eve@example.com')).arrayBuffer()))
    const data = JSON.parse(strFromU8(zip['personal-data.json'])) as { email: string; contact_messages: unknown[]; job_applications: { id: string }[] }
    expect(data.email).toBe('eve@example.com')
    expect(data.contact_messages).toHaveLength(1)
    expect(zip[`cv/${data.job_applications[0].id}-eve-cv.pdf`]).toEqual(PDF)
    expect(JSON.stringify(data)).not.toContain('sam@example.com')
  })

  it('erases only after the address is typed, leaving no row or file, and others untouched', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/privacy?email=eve@example.com')
    const form = await screen.findByRole('form', { name: 'Erase personal data' }, { timeout: 10_000 })
    const erase = within(form).getByRole('button', { name: 'Erase' })
    expect((erase as HTMLButtonElement).disabled).toBe(true)
    await user.type(within(form).getByLabelText('Type eve@example.com to confirm'), 'eve@example.com')
    await user.click(erase)
    await expectToast('Success', 'Personal data erased')
    await waitFor(() => expect(screen.getByText('Nothing is held about eve@example.com')).toBeTruthy(), { timeout: 10_000 })

    for (const table of ['contact_messages', 'job_applications', 'newsletter_subscribers'] as const) {
      expect((await env.db.from(table).select('id').eq('email', 'eve@example.com')).data).toEqual([])
    }
    expect((await env.db.storage.from('applications').list(eveCv.split('/')[0])).data).toEqual([])
    expect((await env.db.from('contact_messages').select('id').eq('email', 'sam@example.com')).data).toHaveLength(1)
    const { data: feed } = await env.db.rpc('activity_feed', { max_rows: 50 })
    const titles = (feed ?? []).map((entry: { title: string | null }) => entry.title ?? '')
    expect(titles.some((title) => title.startsWith('Personal data erased on request: 1 messages, 1 applications, 1 subscriptions'))).toBe(true)
    expect(titles.join('\n')).not.toMatch(/eve@example\.com|Eve Person|eve-cv/i)
  })
})
