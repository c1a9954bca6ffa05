// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminBackend, enterText, expectToast, renderRoute } from '../../../tests/helpers/admin-harness'
import * as screenRoute from './solutions'

const env = adminBackend()

async function fillNewSolution(user: ReturnType<typeof userEvent.setup>, slug: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Add Solution' })
  const d = within(dialog)
  await enterText(user, d.getByLabelText('Title'), 'Treasury Suite')
  await enterText(user, d.getByLabelText('Slug'), slug)
  await enterText(user, d.getByLabelText('Category'), 'Banking')
  await enterText(user, d.getByLabelText('URL'), 'https://treasury.example.com')
  await enterText(user, d.getByLabelText('Short Description'), 'Liquidity and FX in one place.')
  await enterText(user, d.getByLabelText('Long Description'), 'Treasury for banks.')
  await enterText(user, d.getByLabelText('Meta Description'), 'Treasury software for banks.')
  await enterText(user, d.getByLabelText('Feature 1 title'), 'Cash positions')
  await enterText(user, d.getByLabelText('Feature 1 description'), 'Real time across branches')
  await user.click(d.getByRole('button', { name: 'Add Feature' }))
  await enterText(user, d.getByLabelText('Feature 2 title'), 'No description: dropped')
  await enterText(user, d.getByLabelText('Audience 1'), 'Commercial banks')
  await user.click(d.getByRole('button', { name: 'Add Audience' }))
  await enterText(user, d.getByLabelText('Audience 2'), '   ')
  return dialog
}

describe('Solutions manager', () => {
  it('lists the solutions newest first and creates one, dropping empty features and blank audiences', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/solutions')
    expect(screen.getByRole('status')).toBeTruthy()
    await screen.findByText('Core Banking Software')

    const addButton = screen.getByRole('button', { name: 'Add Solution' })
    await user.click(addButton)
    const dialog = await fillNewSolution(user, 'treasury-suite')
    await user.click(within(dialog).getByRole('button', { name: 'Create Solution' }))
    await expectToast('Solution created successfully')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Focus returns to the button that opened the dialog.
    await waitFor(() => expect(document.activeElement).toBe(addButton))
    // The list reloaded, and the new solution leads it.
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })[0].textContent).toBe('Treasury Suite'))

    const { data } = await env.db.from('solutions').select('features, targetaudience').eq('slug', 'treasury-suite').single()
    expect(data).toEqual({ features: [{ title: 'Cash positions', description: 'Real time across branches' }], targetaudience: ['Commercial banks'] })
  })

  it('shows the slug rule beside the field before sending anything', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/solutions')
    await screen.findByText('Core Banking Software')
    await user.click(screen.getByRole('button', { name: 'Add Solution' }))
    const dialog = await fillNewSolution(user, 'Not A Slug!')
    await user.click(within(dialog).getByRole('button', { name: 'Create Solution' }))
    const slug = within(dialog).getByLabelText('Slug')
    expect(slug.getAttribute('aria-invalid')).toBe('true')
    expect(within(dialog).getByText(/Use lowercase letters, digits and single hyphens/)).toBeTruthy()
  })

  it('a refused write (duplicate slug) shows the error toast and keeps the dialog with its input', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/solutions')
    await screen.findByText('Core Banking Software')
    await user.click(screen.getByRole('button', { name: 'Add Solution' }))
    const dialog = await fillNewSolution(user, 'banking')
    await user.click(within(dialog).getByRole('button', { name: 'Create Solution' }))
    await expectToast('Error', 'Failed to create solution')
    expect(screen.getByRole('dialog', { name: 'Add Solution' })).toBeTruthy()
    expect((within(dialog).getByLabelText('Slug') as HTMLInputElement).value).toBe('banking')
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Treasury Suite')
  })

  it('edits a solution, then deletes it after the confirmation', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/solutions')
    await user.click(await screen.findByRole('button', { name: 'Edit Treasury Suite' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Solution' })
    const title = within(dialog).getByLabelText('Title')
    await user.clear(title)
    await enterText(user, title, 'Treasury Cloud')
    await user.click(within(dialog).getByRole('button', { name: 'Update Solution' }))
    await expectToast('Solution updated successfully')
    await screen.findByRole('heading', { name: 'Treasury Cloud' })

    await user.click(screen.getByRole('button', { name: 'Delete Treasury Cloud' }))
    const question = await screen.findByRole('alertdialog')
    expect(within(question).getByText('Are you sure you want to delete this solution?')).toBeTruthy()
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    await expectToast('Solution deleted successfully')
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Treasury Cloud' })).toBeNull())
    const { count } = await env.db.from('solutions').select('id', { count: 'exact', head: true }).eq('slug', 'treasury-suite')
    expect(count).toBe(0)
  })
})
