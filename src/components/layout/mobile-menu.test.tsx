// @vitest-environment jsdom
import { cleanup, configure, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { MobileMenu } from './mobile-menu'

// This machine is shared and slow at times: give renders after navigation time to arrive.
configure({ asyncUtilTimeout: 5000 })

afterEach(cleanup)

function renderMenu() {
  const Page = () => <MobileMenu />
  const Stub = createRoutesStub([{ path: '*', Component: Page }])
  return render(<Stub initialEntries={['/']} />)
}

describe('the phone menu', () => {
  it('opens from its toggle with the spec entries, Editorial to /resources', async () => {
    const user = userEvent.setup()
    renderMenu()
    const toggle = screen.getByRole('button', { name: 'Open menu' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const nav = screen.getByRole('navigation', { name: 'Mobile' })
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['Home', '/'],
      ['Solutions', '/solutions'],
      ['Industries', '/industries'],
      ['About Us', '/about'],
      ['Careers', '/careers'],
      ['Clients', '/clients'],
      ['Editorial', '/resources'],
      ['Contact Sales', '/contact'],
      ['Get a Demo', '/contact'],
    ])
  })

  it('works by keyboard: Enter opens, Tab walks the entries, Escape closes and focus returns to the toggle', async () => {
    const user = userEvent.setup()
    renderMenu()
    await user.tab()
    const toggle = screen.getByRole('button', { name: 'Open menu' })
    expect(document.activeElement).toBe(toggle)
    await user.keyboard('{Enter}')
    await user.tab()
    expect(document.activeElement?.textContent).toBe('Home')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }))
  })

  it('closes when the visitor goes to another page', async () => {
    const user = userEvent.setup()
    renderMenu()
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    await user.click(screen.getByRole('link', { name: 'Careers' }))
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false')
  })
})
