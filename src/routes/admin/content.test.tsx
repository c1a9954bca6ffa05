// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminBackend, enterText, expectToast, listLoaded, renderRoute } from '../../../tests/helpers/admin-harness'
import * as screenRoute from './content'

const env = adminBackend()

async function content(section: string, key: string) {
  const { data } = await env.db.from('website_content').select('content').eq('section', section).eq('key', key).single()
  return data?.content as Record<string, unknown>
}

describe('Website Content', () => {
  it('saves one block on its own, keeping the keys the form does not edit', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/content')
    await listLoaded()
    const hero = screen.getByRole('form', { name: 'Hero Section' })
    const title = within(hero).getByLabelText('Title')
    await user.clear(title)
    await enterText(user, title, 'Banking software, built to last')
    await user.click(within(hero).getByRole('button', { name: 'Save Changes' }))
    await expectToast('Success', 'Content updated successfully')
    const saved = await content('hero', 'main')
    expect(saved.title).toBe('Banking software, built to last')
    expect(typeof saved.imageAlt).toBe('string')
  })

  it('refuses empty content with the spec message and saves nothing', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/content')
    await listLoaded()
    await user.click(screen.getByRole('tab', { name: 'About' }))
    const mission = screen.getByRole('form', { name: 'Mission' })
    const before = await content('about', 'mission')
    await user.clear(within(mission).getByLabelText('Content'))
    await enterText(user, within(mission).getByLabelText('Content'), '   ')
    await user.click(within(mission).getByRole('button', { name: 'Save Changes' }))
    await expectToast('Error', 'Content cannot be empty')
    expect(within(mission).getByText('Content cannot be empty')).toBeTruthy()
    expect(await content('about', 'mission')).toEqual(before)
  })

  it('edits the stats list: add, reorder, remove', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/content')
    await listLoaded()
    const stats = screen.getByRole('form', { name: 'Stats Section' })
    const s = within(stats)
    const before = (await content('stats', 'main')).stats as { label: string }[]
    await user.click(s.getByRole('button', { name: 'Add Stat' }))
    const n = before.length + 1
    await user.selectOptions(s.getByLabelText(`Stat ${n} icon`), 'Globe')
    await enterText(user, s.getByLabelText(`Stat ${n} number`), '24/7')
    await enterText(user, s.getByLabelText(`Stat ${n} label`), 'Support')
    await enterText(user, s.getByLabelText(`Stat ${n} description`), 'Engineers on call')
    await user.click(s.getByRole('button', { name: `Move stat ${n} up` }))
    await user.click(s.getByRole('button', { name: 'Remove stat 1' }))
    await user.click(s.getByRole('button', { name: 'Save Changes' }))
    await expectToast('Success', 'Content updated successfully')
    const labels = ((await content('stats', 'main')).stats as { label: string; icon: string }[]).map((x) => x.label)
    expect(labels).toEqual([...before.slice(1, -1).map((x) => x.label), 'Support', before.at(-1)!.label])
  })

  it('sanitizes the legal HTML on save', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/content')
    await listLoaded()
    await user.click(screen.getByRole('tab', { name: 'Legal' }))
    const terms = screen.getByRole('form', { name: 'Terms of Use' })
    const field = within(terms).getByLabelText('Content')
    await user.clear(field)
    await enterText(user, field, '<p onclick="x()">Be kind.</p><script>alert(1)</script>')
    await user.click(within(terms).getByRole('button', { name: 'Save Changes' }))
    await expectToast('Success', 'Content updated successfully')
    expect((await content('legal', 'terms')).content).toBe('<p>Be kind.</p>')
  })
})
