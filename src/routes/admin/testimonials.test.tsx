// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminBackend, enterText, expectToast, listLoaded, renderRoute, signedInMember } from '../../../tests/helpers/admin-harness'
import * as screenRoute from './testimonials'

const env = adminBackend()

async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  const d = within(dialog)
  await enterText(user, d.getByLabelText('Quote'), 'They moved our core banking in a weekend.')
  await enterText(user, d.getByLabelText('Name'), name)
  await enterText(user, d.getByLabelText('Title'), 'CIO, Harbour Bank')
  await enterText(user, d.getByLabelText('Avatar URL'), '/images/avatars/a.svg')
  await user.selectOptions(d.getByLabelText('Rating'), '4')
}

describe('Testimonials manager', () => {
  it('has the spec screen: title, subtitle, search and its empty text', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/testimonials')
    await listLoaded()
    expect(screen.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeTruthy()
    expect(screen.getByText('Manage customer testimonials')).toBeTruthy()
    await enterText(user, screen.getByPlaceholderText('Search testimonials...'), 'zzz no match')
    expect(screen.getByText('No testimonials found')).toBeTruthy()
  })

  it('creates one with a rating, edits it, and deletes it after the confirmation', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/testimonials')
    await listLoaded()
    await user.click(screen.getByRole('button', { name: 'Add Testimonial' }))
    await fill(user, await screen.findByRole('dialog', { name: 'Add Testimonial' }), 'Tolu Ajayi')
    await user.click(screen.getByRole('button', { name: 'Create Testimonial' }))
    await expectToast('Testimonial created successfully')
    const created = await env.db.from('testimonials').select('name, rating').order('created_at', { ascending: false }).limit(1)
    expect(created.data).toEqual([{ name: 'Tolu Ajayi', rating: 4 }])
    const card = (await screen.findByRole('heading', { name: 'Tolu Ajayi' })).closest('li')!
    expect(within(card).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Edit Tolu Ajayi' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Testimonial' })
    await user.selectOptions(within(dialog).getByLabelText('Rating'), '5')
    await user.click(within(dialog).getByRole('button', { name: 'Update Testimonial' }))
    await expectToast('Testimonial updated successfully')
    await waitFor(async () => expect((await env.db.from('testimonials').select('rating').eq('name', 'Tolu Ajayi')).data).toEqual([{ rating: 5 }]))

    await user.click(await screen.findByRole('button', { name: 'Delete Tolu Ajayi' }))
    const question = await screen.findByRole('alertdialog')
    within(question).getByText('Are you sure you want to delete this testimonial?')
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    await expectToast('Testimonial deleted successfully')
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Tolu Ajayi' })).toBeNull())
  })

  it('a refused write shows the error toast and keeps the dialog with its input', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, await signedInMember(env.backend), '/admin/testimonials')
    await listLoaded()
    await user.click(screen.getByRole('button', { name: 'Add Testimonial' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Testimonial' })
    await fill(user, dialog, 'Not Allowed')
    await user.click(within(dialog).getByRole('button', { name: 'Create Testimonial' }))
    await expectToast('Error', 'Failed to create testimonial')
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Not Allowed')
  })

  it('keeps what was typed in an open dialog when the page goes away (sent to sign in) and comes back', async () => {
    const user = userEvent.setup()
    const first = renderRoute(screenRoute, env.db, '/admin/testimonials')
    await listLoaded()
    await user.click(screen.getByRole('button', { name: 'Add Testimonial' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Testimonial' })
    await enterText(user, within(dialog).getByLabelText('Quote'), 'Half-written praise')
    // The session ends: the shell navigates to the sign-in page, unmounting the manager.
    first.unmount()

    renderRoute(screenRoute, env.db, '/admin/testimonials')
    await listLoaded()
    await user.click(screen.getByRole('button', { name: 'Add Testimonial' }))
    const again = await screen.findByRole('dialog', { name: 'Add Testimonial' })
    expect((within(again).getByLabelText('Quote') as HTMLTextAreaElement).value).toBe('Half-written praise')
    // Cancel drops the draft.
    await user.click(within(again).getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Add Testimonial' }))
    expect((within(await screen.findByRole('dialog', { name: 'Add Testimonial' })).getByLabelText('Quote') as HTMLTextAreaElement).value).toBe('')
  })
})
