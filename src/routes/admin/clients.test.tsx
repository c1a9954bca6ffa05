// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminBackend, enterText, expectToast, listLoaded, renderRoute, serviceDb, signedInDb, signedInMember } from '../../../tests/helpers/admin-harness'
import * as clientsRoute from './clients'

const env = adminBackend()

// A 1x1 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))

describe('Clients screen', () => {
  it('creates a client with an uploaded logo; the success toast comes after the write', async () => {
    const user = userEvent.setup()
    renderRoute(clientsRoute, env.db, '/admin/clients')
    await listLoaded()
    await user.click(screen.getByRole('button', { name: 'Add Client' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Client' })
    await enterText(user, within(dialog).getByLabelText('Name'), 'Harbour Trust Bank')
    await user.selectOptions(within(dialog).getByLabelText('Icon'), 'Anchor')
    await user.upload(within(dialog).getByLabelText('Logo file'), new File([PNG], 'Harbour Logo.png', { type: 'image/png' }))
    await expectToast('Success', 'Image uploaded successfully')
    const logoUrl = (within(dialog).getByLabelText('Logo URL') as HTMLInputElement).value
    expect(logoUrl).toMatch(/\/storage\/v1\/object\/public\/media\/clients\/.+-harbour-logo\.png$/)
    // The uploaded file is really there, publicly readable.
    const image = await fetch(logoUrl)
    expect(image.status).toBe(200)
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG)

    await user.click(within(dialog).getByRole('button', { name: 'Create Client' }))
    await expectToast('Client created successfully')
    await screen.findByRole('heading', { name: 'Harbour Trust Bank' })
    const { data } = await env.db.from('clients').select('icon, logo_url').eq('name', 'Harbour Trust Bank').single()
    expect(data).toEqual({ icon: 'Anchor', logo_url: logoUrl })
  })

  it('refuses a file that is not an image', async () => {
    const user = userEvent.setup({ applyAccept: false })
    renderRoute(clientsRoute, env.db, '/admin/clients')
    await user.click(await screen.findByRole('button', { name: 'Add Client' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Client' })
    await user.upload(within(dialog).getByLabelText('Logo file'), new File(['%PDF-1.4'], 'logo.pdf', { type: 'application/pdf' }))
    await expectToast('Error', 'Please select an image file')
    expect((within(dialog).getByLabelText('Logo URL') as HTMLInputElement).value).toBe('')
  })

  it('a refused write shows the error toast, no success toast, and keeps the dialog', async () => {
    const user = userEvent.setup()
    const member = await signedInMember(env.backend)
    renderRoute(clientsRoute, member, '/admin/clients')
    await user.click(await screen.findByRole('button', { name: 'Add Client' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Client' })
    await enterText(user, within(dialog).getByLabelText('Name'), 'Not Allowed Ltd')
    await user.click(within(dialog).getByRole('button', { name: 'Create Client' }))
    await expectToast('Error', 'Failed to create client')
    expect(screen.queryByText('Client created successfully')).toBeNull()
    expect((within(screen.getByRole('dialog', { name: 'Add Client' })).getByLabelText('Name') as HTMLInputElement).value).toBe('Not Allowed Ltd')
  })

  it('a save after someone else saved names them as the history does, and changes nothing', async () => {
    const service = serviceDb(env.backend)
    const email = `ed.editor-${Date.now()}@test.local`
    const created = await service.auth.admin.createUser({
      email,
      password: 'editor-password-1',
      email_confirm: true,
      user_metadata: { full_name: 'Ed Editor' },
    })
    expect((await service.from('staff_roles').insert({ user_id: created.data.user!.id, role: 'admin' })).error).toBeNull()
    const editor = await signedInDb(env.backend, email, 'editor-password-1')

    const user = userEvent.setup()
    renderRoute(clientsRoute, env.db, '/admin/clients')
    await user.click(await screen.findByRole('button', { name: 'Edit Harbour Trust Bank' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Client' })
    expect((await editor.from('clients').update({ icon: 'Gem' }).eq('name', 'Harbour Trust Bank')).error).toBeNull()
    await enterText(user, within(dialog).getByLabelText('Name'), ' Plc')
    await user.click(within(dialog).getByRole('button', { name: 'Update Client' }))
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^Ed Editor changed this at .*, after you opened it\./)
    // Theirs is kept and mine is not saved until I choose.
    expect((await env.db.from('clients').select('name, icon').like('name', 'Harbour Trust Bank%')).data).toEqual([{ name: 'Harbour Trust Bank', icon: 'Gem' }])
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  })

  it('edits and deletes a client after the confirmation', async () => {
    const user = userEvent.setup()
    renderRoute(clientsRoute, env.db, '/admin/clients')
    await user.click(await screen.findByRole('button', { name: 'Edit Harbour Trust Bank' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Client' })
    const name = within(dialog).getByLabelText('Name')
    await user.clear(name)
    await enterText(user, name, 'Harbour Bank')
    await user.click(within(dialog).getByRole('button', { name: 'Update Client' }))
    await expectToast('Client updated successfully')
    await user.click(await screen.findByRole('button', { name: 'Delete Harbour Bank' }))
    const question = await screen.findByRole('alertdialog')
    within(question).getByText('Are you sure you want to delete this client?')
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    await expectToast('Client deleted successfully')
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Harbour Bank' })).toBeNull())
  })
})
