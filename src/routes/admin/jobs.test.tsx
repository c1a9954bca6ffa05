// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminBackend, enterText, expectToast, listLoaded, renderRoute, signedInMember } from '../../../tests/helpers/admin-harness'
import * as jobRoute from './job'
import * as screenRoute from './jobs'

const env = adminBackend()

function renderList(db = env.db) {
  renderRoute(screenRoute, db, '/admin/jobs', undefined, [], { beside: [{ pattern: '/admin/jobs/:id', module: jobRoute }] })
}

async function jobPage(heading: 'Add New Job Opening' | 'Edit Job Opening'): Promise<HTMLElement> {
  return screen.findByRole('form', { name: heading }, { timeout: 10_000 })
}

async function addJob(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(screen.getByRole('link', { name: 'Add Job Opening' }))
  const page = await jobPage('Add New Job Opening')
  const d = within(page)
  await enterText(user, d.getByLabelText('Job Title'), title)
  await enterText(user, d.getByLabelText('Location'), 'Lagos')
  await enterText(user, d.getByLabelText('Country code'), 'ng')
  await enterText(user, d.getByLabelText('Department'), 'Engineering')
  await user.selectOptions(d.getByLabelText('Type'), 'Contract')
  await user.click(d.getByRole('tab', { name: 'HTML' }))
  await enterText(user, d.getByLabelText('Description'), 'Build ledgers.')
  expect((d.getByLabelText('Active (visible on careers page)') as HTMLInputElement).checked).toBe(true)
  await user.click(d.getByRole('button', { name: 'Create Job Opening' }))
  return page
}

describe('Job Openings manager', () => {
  it('checks the required fields before sending', async () => {
    const user = userEvent.setup()
    renderList()
    await listLoaded()
    await user.click(screen.getByRole('link', { name: 'Add Job Opening' }))
    const page = await jobPage('Add New Job Opening')
    await user.click(within(page).getByRole('button', { name: 'Create Job Opening' }))
    // The form's check runs asynchronously: wait for its first message, then read the others.
    expect(await within(page).findByText('Job Title is required')).toBeTruthy()
    expect(within(page).getByText('Location is required')).toBeTruthy()
    expect(within(page).getByText('Department is required')).toBeTruthy()
    expect(within(page).getByText('Country: the two-letter code, such as NG')).toBeTruthy()
  })

  it('saves the fields a job page needs: slug from the title, country, remote, salary, and the description sanitized', async () => {
    const user = userEvent.setup()
    renderList()
    await listLoaded()
    await user.click(screen.getByRole('link', { name: 'Add Job Opening' }))
    const page = await jobPage('Add New Job Opening')
    const d = within(page)
    await enterText(user, d.getByLabelText('Job Title'), 'Remote Payments Engineer')
    await enterText(user, d.getByLabelText('Location'), 'Remote')
    await enterText(user, d.getByLabelText('Country code'), 'ng')
    await user.click(d.getByLabelText(/^Fully remote/))
    await enterText(user, d.getByLabelText('Department'), 'Engineering')
    await enterText(user, d.getByLabelText('Salary from (optional)'), '500000')
    await enterText(user, d.getByLabelText('Salary to (optional)'), '400000')
    await user.click(d.getByRole('button', { name: 'Create Job Opening' }))
    // A salary needs its currency and period, and a range that runs upwards.
    expect(await d.findByText('Give the currency of the salary')).toBeTruthy()
    expect(d.getByText('Give the period the salary is for')).toBeTruthy()
    expect(d.getByText('Salary to must not be below Salary from')).toBeTruthy()
    await user.clear(d.getByLabelText('Salary to (optional)'))
    await enterText(user, d.getByLabelText('Salary to (optional)'), '700,000')
    await enterText(user, d.getByLabelText('Currency'), 'ngn')
    await user.selectOptions(d.getByLabelText('Period'), 'per month')
    await user.click(d.getByRole('tab', { name: 'HTML' }))
    await enterText(user, d.getByLabelText('Description'), '<p onclick="steal()">Ship it.</p><script>steal()</script>')
    await user.click(d.getByRole('button', { name: 'Create Job Opening' }))
    await expectToast('Success', 'Job opening created successfully')
    const row = (
      await env.db
        .from('job_openings')
        .select('slug, country, remote, salary_min, salary_max, salary_currency, salary_unit, description')
        .eq('title', 'Remote Payments Engineer')
        .single()
    ).data
    expect(row).toEqual({
      slug: 'remote-payments-engineer',
      country: 'NG',
      remote: true,
      salary_min: 500000,
      salary_max: 700000,
      salary_currency: 'NGN',
      salary_unit: 'MONTH',
      description: '<p>Ship it.</p>',
    })
    // The opening's own page opens, and the list shows its address.
    await user.click(within(await jobPage('Edit Job Opening')).getByRole('link', { name: 'Job openings' }))
    expect(await screen.findByText(/\/careers\/remote-payments-engineer/)).toBeTruthy()
  })

  it('creates an active opening, deactivates and activates it, edits and deletes it', async () => {
    const user = userEvent.setup()
    renderList()
    await listLoaded()
    await addJob(user, 'Ledger Engineer')
    await expectToast('Success', 'Job opening created successfully')
    await user.click(within(await jobPage('Edit Job Opening')).getByRole('link', { name: 'Job openings' }))
    await screen.findByRole('heading', { name: 'Ledger Engineer' })
    const anon = (await env.db.from('job_openings').select('type, active').eq('title', 'Ledger Engineer').single()).data
    expect(anon).toEqual({ type: 'Contract', active: true })

    await user.click(screen.getByRole('button', { name: 'Deactivate Ledger Engineer' }))
    await expectToast('Success', 'Job opening deactivated successfully')
    const row = (await screen.findByRole('button', { name: 'Activate Ledger Engineer' })).closest('li')!
    expect(within(row).getByText('Inactive')).toBeTruthy()
    await user.click(within(row).getByRole('button', { name: 'Activate Ledger Engineer' }))
    await expectToast('Success', 'Job opening activated successfully')
    await screen.findByRole('button', { name: 'Deactivate Ledger Engineer' })

    await user.click(screen.getByRole('link', { name: 'Edit Ledger Engineer' }))
    const page = within(await jobPage('Edit Job Opening'))
    const title = page.getByLabelText('Job Title')
    await user.clear(title)
    await enterText(user, title, 'Senior Ledger Engineer')
    await user.click(page.getByRole('button', { name: 'Update Job Opening' }))
    await expectToast('Success', 'Job opening updated successfully')
    await user.click(page.getByRole('link', { name: 'Job openings' }))

    await enterText(user, await screen.findByRole('searchbox'), 'senior ledger')
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Senior Ledger Engineer']))
    await user.click(screen.getByRole('button', { name: 'Delete Senior Ledger Engineer' }))
    const question = await screen.findByRole('alertdialog')
    within(question).getByText('Are you sure you want to delete this job opening?')
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    await expectToast('Success', 'Job opening deleted successfully')
    expect(await screen.findByText('No job openings found')).toBeTruthy()
  })

  it('a refused write shows the error toast and keeps the page with its input', async () => {
    const user = userEvent.setup()
    renderList(await signedInMember(env.backend))
    await listLoaded()
    const page = await addJob(user, 'Not Allowed')
    await expectToast('Error', 'Failed to create job opening')
    expect(page.isConnected).toBe(true)
    expect((within(page).getByLabelText('Job Title') as HTMLInputElement).value).toBe('Not Allowed')
  })
})
