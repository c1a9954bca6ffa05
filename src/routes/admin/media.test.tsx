// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminBackend, enterText, expectToast, listLoaded, renderRoute, serviceDb } from '../../../tests/helpers/admin-harness'
import * as mediaRoute from './media'

const env = adminBackend()

const png = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
// A 1x1 PNG, and another with other bytes (a copy elsewhere in the library would let the first go).
const PNG = png('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==')
const OTHER_PNG = png('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWPQNawGAAFoANrDPGBDAAAAAElFTkSuQmCC')

function item(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('li')!
}

describe('Media screen', () => {
  // The upload itself (a multipart form to the route's action) is driven in a real browser by
  // tests/e2e/journeys-media.e2e.ts: jsdom's File does not survive that form's encoding.
  it('names where an image is used, refuses a taken name and a delete while used', async () => {
    const user = userEvent.setup()
    const media = env.db.storage.from('media')
    for (const path of ['press/taken.png', 'press/press-kit.png']) expect((await media.upload(path, PNG, { contentType: 'image/png' })).error).toBeNull()
    renderRoute(mediaRoute, env.db, '/admin/media')
    await listLoaded()
    expect(item('press-kit.png').textContent).toContain('Not used')

    const url = media.getPublicUrl('press/press-kit.png').data.publicUrl
    expect((await serviceDb(env.backend).from('clients').insert({ name: 'Press Bank', logo_url: url })).error).toBeNull()
    cleanup()
    renderRoute(mediaRoute, env.db, '/admin/media?folder=press')
    await waitFor(() => expect(item('press-kit.png').textContent).toContain('Used by Client: Press Bank'))

    await user.click(within(item('press-kit.png')).getByRole('button', { name: 'Rename or move press-kit.png' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename or move image' })
    const name = within(dialog).getByLabelText('File name')
    await user.clear(name)
    await enterText(user, name, 'taken.png')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await expectToast('Error', 'Failed to rename image')
    // The field error follows the toast: it is set once the action's answer reaches the form.
    expect(await within(dialog).findByText('Another file already has this name in this folder')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await user.click(within(item('press-kit.png')).getByRole('button', { name: 'Delete press-kit.png' }))
    await expectToast('Error', 'This image is still used by Client: Press Bank. Replace it there before deleting it.')
    expect((await media.exists('press/press-kit.png')).data).toBe(true)
  })

  it('says an image the publication record names must wait for its copy, and keeps it', async () => {
    cleanup()
    const user = userEvent.setup()
    const media = env.db.storage.from('media')
    expect((await media.upload('press/on-record.png', OTHER_PNG, { contentType: 'image/png' })).error).toBeNull()
    // A client shown with the logo goes on the record, then off the site: no item uses the file.
    const service = serviceDb(env.backend)
    const url = media.getPublicUrl('press/on-record.png').data.publicUrl
    expect((await service.from('clients').insert({ name: 'Record Bank', logo_url: url })).error).toBeNull()
    expect((await service.from('clients').delete().eq('name', 'Record Bank')).error).toBeNull()
    renderRoute(mediaRoute, env.db, '/admin/media?folder=press')
    await waitFor(() => expect(item('on-record.png').textContent).toContain('Not used'))

    await user.click(within(item('on-record.png')).getByRole('button', { name: 'Delete on-record.png' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await expectToast('Error', 'This image is on the publication record and is being archived: try again in a minute.')
    expect((await media.exists('press/on-record.png')).data).toBe(true)
  })
})
