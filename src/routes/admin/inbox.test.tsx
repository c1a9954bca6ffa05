// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createBrowserClient } from '~/lib/supabase'
import { adminBackend, expectToast, listLoaded, renderRoute } from '../../../tests/helpers/admin-harness'
import * as screenRoute from './inbox'

const env = adminBackend()

beforeAll(async () => {
  const visitor = createBrowserClient({ url: env.backend.url, anonKey: env.backend.anonKey }, { persistSession: false })
  for (const [first, message] of [
    ['Amaka', 'Please send a demo of the HR suite.'],
    ['Bayo', 'Pricing for 40 branches?'],
  ]) {
    const { error } = await visitor
      .from('contact_messages')
      .insert({ first_name: first, last_name: 'Visitor', email: `${first.toLowerCase()}@example.com`, message })
    if (error) throw error
  }
})

describe('Inbox', () => {
  it('lists the newest first, opens a message, marks it handled and new again', async () => {
    const user = userEvent.setup()
    // The admin shell's loader (the sidebar's count of new messages) reloads after each change.
    const shellLoader = vi.fn(() => null)
    renderRoute(screenRoute, env.db, '/admin/inbox', shellLoader)
    await listLoaded()
    shellLoader.mockClear()
    expect(screen.getByText(/2 new/)).toBeTruthy()
    const rows = screen.getAllByRole('listitem')
    expect(rows.map((r) => r.textContent?.split(' Visitor')[0])).toEqual(['Bayo', 'Amaka'])

    await user.click(within(rows[1]).getByRole('button'))
    const dialog = await screen.findByRole('dialog', { name: 'Amaka Visitor' })
    expect(within(dialog).getByText('Please send a demo of the HR suite.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Mark as handled' }))
    await expectToast('Success', 'Message marked as handled')
    expect(shellLoader).toHaveBeenCalled()
    expect((await env.db.from('contact_messages').select('status').eq('first_name', 'Amaka').single()).data?.status).toBe('handled')
    await waitFor(() => expect(screen.getByText(/1 new/)).toBeTruthy())
    await user.click(within(screen.getByRole('dialog', { name: 'Amaka Visitor' })).getByRole('button', { name: 'Mark as new' }))
    await expectToast('Success', 'Message marked as new')
  })

  it('deletes a message only after the confirmation', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/inbox')
    await listLoaded()
    await user.click(screen.getByRole('button', { name: /^Bayo Visitor/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Bayo Visitor' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    const question = await screen.findByRole('alertdialog')
    within(question).getByText('Are you sure you want to delete this message?')
    await user.click(within(question).getByRole('button', { name: 'Cancel' }))
    expect((await env.db.from('contact_messages').select('id').eq('first_name', 'Bayo')).data).toHaveLength(1)
    await user.click(within(screen.getByRole('dialog', { name: 'Bayo Visitor' })).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await expectToast('Success', 'Message deleted successfully')
    expect((await env.db.from('contact_messages').select('id').eq('first_name', 'Bayo')).data).toHaveLength(0)
  })

  it('takes its search and status filter from the URL, so a reload shows the same list', async () => {
    renderRoute(screenRoute, env.db, '/admin/inbox?status=new&q=amaka')
    await listLoaded()
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('amaka')
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('new')
    expect(screen.getAllByRole('listitem').map((r) => r.textContent?.split(' Visitor')[0])).toEqual(['Amaka'])
  })
})
