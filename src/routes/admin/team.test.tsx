// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminBackend, enterText, expectToast, listLoaded, renderRoute, signedInMember } from '../../../tests/helpers/admin-harness'
import * as screenRoute from './team'

const env = adminBackend()

async function order(): Promise<string[]> {
  const { data } = await env.db.from('team_members').select('name').order('order_index')
  return (data ?? []).map((m) => m.name)
}

function names(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '')
}

async function fill(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: 'Add Team Member' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add New Team Member' })
  const d = within(dialog)
  await enterText(user, d.getByLabelText('Name'), name)
  await enterText(user, d.getByLabelText('Position'), 'Head of Risk')
  await enterText(user, d.getByLabelText('Bio'), 'Keeps the books honest.')
  await enterText(user, d.getByLabelText('Avatar URL'), '/images/team/placeholder.svg')
  await enterText(user, d.getByLabelText('LinkedIn URL'), 'javascript:alert(1)')
  await user.click(d.getByRole('button', { name: 'Create Team Member' }))
  expect(d.getByText('LinkedIn URL must start with http://, https:// or a single /')).toBeTruthy()
  await user.clear(d.getByLabelText('LinkedIn URL'))
  await user.click(d.getByRole('button', { name: 'Create Team Member' }))
  return dialog
}

describe('Team Members manager', () => {
  it('adds a member last', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/team')
    await listLoaded()
    const before = await order()
    await fill(user, 'Zainab Bello')
    await expectToast('Success', 'Team member created successfully')
    expect(await order()).toEqual([...before, 'Zainab Bello'])
    await waitFor(() => expect(names().at(-1)).toBe('Zainab Bello'), { timeout: 10_000 })
  })

  it('moves members by swapping with the neighbour; up is disabled at the top and down at the bottom', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/team')
    await listLoaded()
    const start = await order()
    const [first, second] = start
    const last = start.at(-1)!
    expect((screen.getByRole('button', { name: `Move ${first} up` }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: `Move ${last} down` }) as HTMLButtonElement).disabled).toBe(true)

    await user.click(screen.getByRole('button', { name: `Move ${first} down` }))
    await waitFor(() => expect(names().slice(0, 2)).toEqual([second, first]), { timeout: 10_000 })
    expect(await order()).toEqual([second, first, ...start.slice(2)])
    expect((screen.getByRole('button', { name: `Move ${second} up` }) as HTMLButtonElement).disabled).toBe(true)

    await waitFor(() => expect((screen.getByRole('button', { name: `Move ${first} up` }) as HTMLButtonElement).disabled).toBe(false))
    await user.click(screen.getByRole('button', { name: `Move ${first} up` }))
    await waitFor(() => expect(names().slice(0, 2)).toEqual([first, second]), { timeout: 10_000 })
    expect(await order()).toEqual(start)
    const { data } = await env.db.from('team_members').select('order_index').order('order_index')
    const places = (data ?? []).map((m) => m.order_index)
    expect(new Set(places).size).toBe(places.length)
  })

  it('a refused write shows the error toast and keeps the dialog', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, await signedInMember(env.backend), '/admin/team')
    await listLoaded()
    const dialog = await fill(user, 'Not Allowed')
    await expectToast('Error', 'Failed to create team member')
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Not Allowed')
  })

  it('edits, searches and deletes after the confirmation', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/team')
    await listLoaded()
    await user.click(screen.getByRole('button', { name: 'Edit Zainab Bello' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team Member' })
    await user.clear(within(dialog).getByLabelText('Position'))
    await enterText(user, within(dialog).getByLabelText('Position'), 'Chief Risk Officer')
    await user.click(within(dialog).getByRole('button', { name: 'Update Team Member' }))
    await expectToast('Success', 'Team member updated successfully')
    await enterText(user, await screen.findByRole('searchbox'), 'chief risk')
    await screen.findByText('Chief Risk Officer')
    expect(names()).toEqual(['Zainab Bello'])
    await user.click(screen.getByRole('button', { name: 'Delete Zainab Bello' }))
    const question = await screen.findByRole('alertdialog')
    within(question).getByText('Are you sure you want to delete this team member?')
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    await expectToast('Success', 'Team member deleted successfully')
    expect(await screen.findByText('No team members found')).toBeTruthy()
  })
})
