// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminBackend, enterText, expectToast, renderRoute } from '../../../tests/helpers/admin-harness'
import * as solutionRoute from './solution'
import * as screenRoute from './solutions'

const env = adminBackend()

function renderList() {
  renderRoute(screenRoute, env.db, '/admin/solutions', undefined, [], { beside: [{ pattern: '/admin/solutions/:id', module: solutionRoute }] })
}

async function solutionPage(heading: 'Add Solution' | 'Edit Solution'): Promise<HTMLElement> {
  return screen.findByRole('form', { name: heading }, { timeout: 10_000 })
}

async function fillNewSolution(user: ReturnType<typeof userEvent.setup>, slug: string) {
  const page = await solutionPage('Add Solution')
  const d = within(page)
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
  return page
}

describe('Solutions manager', () => {
  it('lists the solutions newest first and creates one on its own page, dropping empty features and blank audiences', async () => {
    const user = userEvent.setup()
    renderList()
    expect(screen.getByRole('status')).toBeTruthy()
    await screen.findByText('Core Banking Software')

    await user.click(screen.getByRole('link', { name: 'Add Solution' }))
    const page = await fillNewSolution(user, 'treasury-suite')
    await user.click(within(page).getByRole('button', { name: 'Create Solution' }))
    await expectToast('Solution created successfully')
    // The new solution's own page opens.
    const edit = within(await solutionPage('Edit Solution'))
    expect((edit.getByLabelText('Title') as HTMLTextAreaElement).value).toBe('Treasury Suite')
    const { data } = await env.db.from('solutions').select('features, targetaudience').eq('slug', 'treasury-suite').single()
    expect(data).toEqual({ features: [{ title: 'Cash positions', description: 'Real time across branches' }], targetaudience: ['Commercial banks'] })

    // Back on the list, the new solution leads it.
    await user.click(edit.getByRole('link', { name: 'Solutions' }))
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })[0].textContent).toBe('Treasury Suite'))
  })

  it('shows the slug rule beside the field before sending anything', async () => {
    const user = userEvent.setup()
    renderList()
    await screen.findByText('Core Banking Software')
    await user.click(screen.getByRole('link', { name: 'Add Solution' }))
    const page = await fillNewSolution(user, 'Not A Slug!')
    await user.click(within(page).getByRole('button', { name: 'Create Solution' }))
    const slug = within(page).getByLabelText('Slug')
    expect(slug.getAttribute('aria-invalid')).toBe('true')
    expect(within(page).getByText(/Use lowercase letters, digits and single hyphens/)).toBeTruthy()
  })

  it('a refused write (duplicate slug) shows the error toast and keeps the page with its input', async () => {
    const user = userEvent.setup()
    renderList()
    await screen.findByText('Core Banking Software')
    await user.click(screen.getByRole('link', { name: 'Add Solution' }))
    const page = await fillNewSolution(user, 'banking')
    await user.click(within(page).getByRole('button', { name: 'Create Solution' }))
    await expectToast('Error', 'Failed to create solution')
    expect(page.isConnected).toBe(true)
    expect((within(page).getByLabelText('Slug') as HTMLInputElement).value).toBe('banking')
    expect((within(page).getByLabelText('Title') as HTMLTextAreaElement).value).toBe('Treasury Suite')
  })

  it('edits a solution on its page, twice without a conflict with its own save, then deletes it after the confirmation', async () => {
    const user = userEvent.setup()
    renderList()
    await user.click(await screen.findByRole('link', { name: 'Edit Treasury Suite' }))
    const page = within(await solutionPage('Edit Solution'))
    const title = page.getByLabelText('Title')
    await user.clear(title)
    await enterText(user, title, 'Treasury Cloud')
    await user.click(page.getByRole('button', { name: 'Update Solution' }))
    await expectToast('Solution updated successfully')
    await enterText(user, page.getByLabelText('Long Description'), ' Now in the cloud.')
    await user.click(page.getByRole('button', { name: 'Update Solution' }))
    await expect
      .poll(async () => (await env.db.from('solutions').select('longdescription').eq('slug', 'treasury-suite').single()).data?.longdescription)
      .toBe('Treasury for banks. Now in the cloud.')
    expect(screen.queryByRole('alert')).toBeNull()

    await user.click(page.getByRole('link', { name: 'Solutions' }))
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
