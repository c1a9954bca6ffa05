// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ServerHints } from '~/lib/server-hints'
import { DesktopNav } from './desktop-nav'

// This machine is shared and slow at times: give renders after navigation time to arrive.
configure({ asyncUtilTimeout: 5000 })

beforeAll(() => {
  // jsdom lacks ResizeObserver, which Radix measures the open menu with.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
})
afterEach(cleanup)

function renderNav(path = '/', handle?: ServerHints) {
  const Page = () => <DesktopNav />
  const Stub = createRoutesStub([{ path: '*', Component: Page, handle }])
  return render(<Stub initialEntries={[path]} />)
}

describe('the desktop menu, by keyboard', () => {
  it('opens Solutions with Enter: the featured card and four solutions, walkable with Tab; Escape closes', async () => {
    const user = userEvent.setup()
    renderNav()
    await user.tab() // Home
    await user.tab() // Solutions
    const solutions = screen.getByRole('button', { name: 'Solutions' })
    expect(document.activeElement).toBe(solutions)
    expect(solutions.getAttribute('aria-expanded')).toBe('false')

    await user.keyboard('{Enter}')
    expect(solutions.getAttribute('aria-expanded')).toBe('true')
    const learnMore = await screen.findByRole('link', { name: 'Learn More' })
    expect(learnMore.getAttribute('href')).toBe('/solutions/banking')
    expect(screen.getByText('Core Banking Software')).toBeTruthy()
    expect(screen.getByRole('link', { name: /^All Solutions/ }).getAttribute('href')).toBe('/solutions')
    const links = screen.getAllByRole('link')
    for (const href of ['/solutions/edu', '/solutions/hr', '/solutions/irepay', '/solutions/ai']) {
      expect(
        links.some((link) => link.getAttribute('href') === href),
        href,
      ).toBe(true)
    }
    // Custom Solutions is in the menu data but not shown.
    expect(links.some((link) => link.getAttribute('href') === '/solutions/custom')).toBe(false)

    await user.tab()
    expect(document.activeElement).toBe(learnMore)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(solutions.getAttribute('aria-expanded')).toBe('false'))
  })

  it('opens Company with Space and lists About Us, Careers and Clients', async () => {
    const user = userEvent.setup()
    renderNav()
    const company = screen.getByRole('button', { name: 'Company' })
    company.focus()
    await user.keyboard(' ')
    expect(company.getAttribute('aria-expanded')).toBe('true')
    const hrefs = (await screen.findAllByRole('link')).map((link) => link.getAttribute('href'))
    expect(hrefs).toEqual(expect.arrayContaining(['/about', '/careers', '/clients']))
  })

  it('marks the current page and links Industries and Editorial to /industries and /resources', () => {
    renderNav('/resources/blog/some-post')
    expect(screen.getByRole('link', { name: 'Editorial' }).getAttribute('href')).toBe('/resources')
    expect(screen.getByRole('link', { name: 'Editorial' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Industries' }).getAttribute('href')).toBe('/industries')
  })

  it('marks nothing current on the not-found page, whatever its path', () => {
    renderNav('/resources/no-such/page', { samePageForEveryPath: true })
    for (const name of ['Home', 'Industries', 'Editorial']) {
      expect(screen.getByRole('link', { name }).getAttribute('aria-current'), name).toBeNull()
    }
  })
})
