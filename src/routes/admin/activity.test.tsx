// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminBackend, listLoaded, renderRoute, signedInMember, TEST_ADMIN } from '../../../tests/helpers/admin-harness'
import * as screenRoute from './activity'

const env = adminBackend()

async function entries(): Promise<string[]> {
  await listLoaded()
  const list = screen.getByRole('list', { name: 'Activity' })
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '')
}

beforeAll(async () => {
  const { data: post } = await env.db.from('blog_posts').select('id, title').order('created_at').limit(1).single()
  await env.db.from('blog_posts').update({ title: 'Audited headline' }).eq('id', post!.id)
  await env.db.from('blog_posts').update({ published: false }).eq('id', post!.id)
  await env.db.from('site_settings').update({ value: 'Audit Test Ltd' }).eq('key', 'company_name')
})

describe('Activity', () => {
  it('reads each change as a sentence, newest first, and opens what an update changed', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/activity')
    const rows = await entries()
    expect(rows[0]).toMatch(new RegExp(`^${TEST_ADMIN.email} \\(admin\\) changed the setting company_name · just now`))
    expect(rows[1]).toMatch(/\(admin\) unpublished Audited headline · just now/)
    expect(rows[2]).toMatch(/\(admin\) updated Audited headline/)
    const link = screen.getAllByRole('link', { name: 'Audited headline' })[0]
    expect(link.getAttribute('href')).toBe('/admin/blog?q=Audited%20headline')
    await user.click(screen.getAllByText(/What changed/)[2])
    expect(screen.getAllByText('title').length).toBeGreaterThan(0)
    expect(screen.getByText('Audited headline', { selector: 'ins' })).toBeTruthy()
  })

  it('takes its filters from the URL, so a reload shows the same list', async () => {
    const { data } = await env.db.auth.getUser()
    renderRoute(screenRoute, env.db, `/admin/activity?actor=${data.user!.id}&area=staff_settings&action=settings_changed`)
    const rows = await entries()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatch(/changed the setting company_name/)
    expect((screen.getByLabelText('Staff member') as HTMLSelectElement).value).toBe(data.user!.id)
    expect((screen.getByLabelText('Area') as HTMLSelectElement).value).toBe('staff_settings')
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('settings_changed')
  })

  it('shows nothing to a signed-in member without the admin role', async () => {
    const member = await signedInMember(env.backend)
    const { error } = await member.rpc('activity_feed', {})
    expect(error?.message).toBe('Only admins can read the activity log.')
    renderRoute(screenRoute, member, '/admin/activity?area=content')
    await listLoaded()
    expect(screen.getByText('No activity found')).toBeTruthy()
  })
})
