// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { createBrowserClient } from '~/lib/supabase'
import { adminBackend, expectToast, listLoaded, renderRoute } from '../../../tests/helpers/admin-harness'
import * as screenRoute from './applications'

const env = adminBackend()
let openings: { id: string; title: string }[]

beforeAll(async () => {
  openings = (await env.db.from('job_openings').select('id, title').eq('active', true).order('created_at').limit(2)).data!
  const visitor = createBrowserClient({ url: env.backend.url, anonKey: env.backend.anonKey }, { persistSession: false })
  for (const [opening, name] of [
    [openings[0], 'Chidi Nwosu'],
    [openings[1], 'Funmi Bakare'],
  ] as const) {
    const cv = `${crypto.randomUUID()}/cv.pdf`
    const upload = await visitor.storage.from('applications').upload(cv, new TextEncoder().encode('%PDF-1.4'), { contentType: 'application/pdf' })
    if (upload.error) throw upload.error
    const { error } = await visitor.from('job_applications').insert({ job_opening_id: opening.id, name, email: 'applicant@example.com', cv_path: cv })
    if (error) throw error
  }
})

describe('Applications', () => {
  it('shows every application with its opening, or those of one opening, and sets the status', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/applications')
    await listLoaded()
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Funmi Bakare', 'Chidi Nwosu'])
    const chidi = screen.getByRole('heading', { name: 'Chidi Nwosu' }).closest('li')!
    expect(within(chidi).getByText(new RegExp(openings[0].title))).toBeTruthy()

    await user.selectOptions(screen.getByLabelText('Job opening'), openings[0].id)
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Chidi Nwosu']))

    const status = screen.getByLabelText('Status of Chidi Nwosu') as HTMLSelectElement
    expect([...status.options].map((o) => o.textContent)).toEqual(['New', 'Reviewing', 'Rejected', 'Hired'])
    await user.selectOptions(status, 'reviewing')
    await expectToast('Success', 'Application marked as reviewing')
    expect((await env.db.from('job_applications').select('status').eq('name', 'Chidi Nwosu').single()).data?.status).toBe('reviewing')
    await waitFor(() => expect((screen.getByLabelText('Status of Chidi Nwosu') as HTMLSelectElement).value).toBe('reviewing'))
  })

  it('takes the chosen opening from the URL, so a reload shows the same applications', async () => {
    renderRoute(screenRoute, env.db, `/admin/applications?opening=${openings[1].id}`)
    await listLoaded()
    expect((screen.getByLabelText('Job opening') as HTMLSelectElement).value).toBe(openings[1].id)
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Funmi Bakare'])
  })
})
