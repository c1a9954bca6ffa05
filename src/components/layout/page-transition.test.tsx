// @vitest-environment jsdom
import { cleanup, configure, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub, Link, Outlet } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PageTransition } from './page-transition'

// This machine is shared and slow at times: give renders after navigation time to arrive.
configure({ asyncUtilTimeout: 5000 })

const animate = vi.fn()

function preferReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: reduce && query.includes('prefers-reduced-motion'), media: query }),
  })
}

beforeEach(() => {
  animate.mockClear()
  Object.defineProperty(HTMLElement.prototype, 'animate', { configurable: true, value: animate })
})
afterEach(cleanup)

function renderSite() {
  const Layout = () => (
    <>
      <Link to="/about">About</Link>
      <PageTransition>
        <Outlet />
      </PageTransition>
    </>
  )
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: Layout,
      children: [
        { index: true, Component: () => <h1>Home</h1> },
        { path: 'about', Component: () => <h1>About us</h1> },
      ],
    },
  ])
  return render(<Stub initialEntries={['/']} />)
}

describe('page transitions', () => {
  it('the first page appears as it is; a new path fades in over 0.5 s', async () => {
    preferReducedMotion(false)
    const user = userEvent.setup()
    renderSite()
    expect(animate).not.toHaveBeenCalled()
    await user.click(screen.getByRole('link', { name: 'About' }))
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeTruthy()
    expect(animate).toHaveBeenCalledTimes(1)
    expect(animate.mock.calls[0][1]).toMatchObject({ duration: 500 })
  })

  it('with reduced motion the new page simply appears', async () => {
    preferReducedMotion(true)
    const user = userEvent.setup()
    renderSite()
    await user.click(screen.getByRole('link', { name: 'About' }))
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeTruthy()
    expect(animate).not.toHaveBeenCalled()
  })
})
