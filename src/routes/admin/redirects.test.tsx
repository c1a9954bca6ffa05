// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminBackend, enterText, renderRoute, serviceDb, signedInStaff } from '../../../tests/helpers/admin-harness'
import * as screenRoute from './redirects'

const env = adminBackend()

describe('Redirects manager', () => {
  it('marks a redirect to another site as external', async () => {
    const added = await env.db.from('redirects').insert([
      { from_path: '/partner-offer', to_path: 'https://partner.example.com/offer' },
      { from_path: '/old-team', to_path: '/about' },
    ])
    expect(added.error).toBeNull()
    renderRoute(screenRoute, env.db, '/admin/redirects')
    const external = (await screen.findByText('/partner-offer')).closest('li')!
    expect(within(external).getByText('External: leaves this site')).toBeTruthy()
    const onSite = screen.getByText('/old-team').closest('li')!
    expect(within(onSite).queryByText('External: leaves this site')).toBeNull()
  })

  it("dates a redirect in the company's time zone, whatever the browser's", async () => {
    const added = await serviceDb(env.backend).from('redirects').insert({ from_path: '/late-night', to_path: '/about', created_at: '2026-10-31T23:30:00Z' })
    expect(added.error).toBeNull()
    renderRoute(screenRoute, env.db, '/admin/redirects')
    const late = (await screen.findByText('/late-night')).closest('li')!
    // 23:30 UTC is 00:30 the next day in Lagos, the default zone.
    expect(within(late).getByText('Since 1 Nov 2026')).toBeTruthy()
  })

  it('tells an editor beside To that only admins redirect to another site, and adds nothing', async () => {
    const user = userEvent.setup()
    const editor = await signedInStaff(env.backend, 'editor')
    renderRoute(screenRoute, editor, '/admin/redirects')
    await user.click(await screen.findByRole('button', { name: 'Add Redirect' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Redirect' })
    const d = within(dialog)
    await enterText(user, d.getByLabelText('From path'), '/editor-out')
    await enterText(user, d.getByLabelText('To'), 'https://elsewhere.example/')
    await user.click(d.getByRole('button', { name: 'Create Redirect' }))
    expect(await d.findByText('Only admins can redirect to another site: point the redirect to a path on this site.')).toBeTruthy()
    const { data } = await env.db.from('redirects').select('id').eq('from_path', '/editor-out')
    expect(data).toEqual([])
  })
})
