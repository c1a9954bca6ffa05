// @vitest-environment jsdom
// One count per page view: the first page once it has loaded, then each client-side navigation to
// another path; never the back office. Crawlers are ignored by the endpoint (tests/server-http.test.ts).
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub, Link, Outlet } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PageViewCounter } from './page-view-counter'

let counted: string[]

beforeEach(() => {
  counted = []
  Object.defineProperty(window.navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      expect(url).toBe('/leads/page-view')
      void body.text().then((text) => counted.push((JSON.parse(text) as { path: string }).path))
      return true
    },
  })
})

afterEach(cleanup)

function Site() {
  return (
    <>
      <PageViewCounter />
      <nav>
        <Link to="/">Home</Link>
        <Link to="/about">About</Link>
        <Link to="/about#team">Team</Link>
        <Link to="/admin">Admin</Link>
      </nav>
      <Outlet />
    </>
  )
}

function renderSite(path = '/') {
  const Stub = createRoutesStub([
    {
      Component: Site,
      children: [
        { path: '/', Component: () => <h1>Home page</h1> },
        { path: '/about', Component: () => <h1>About page</h1> },
        { path: '/admin', Component: () => <h1>Admin page</h1> },
      ],
    },
  ])
  render(<Stub initialEntries={[path]} />)
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('PageViewCounter', () => {
  it('counts the first page and each navigation to another path, once each', async () => {
    const user = userEvent.setup()
    renderSite('/')
    await screen.findByText('Home page')
    await user.click(screen.getByRole('link', { name: 'About' }))
    await screen.findByText('About page')
    await user.click(screen.getByRole('link', { name: 'Team' }))
    await user.click(screen.getByRole('link', { name: 'Home' }))
    await screen.findByText('Home page')
    await settle()
    expect(counted).toEqual(['/', '/about', '/'])
  })

  it('does not count the back office', async () => {
    const user = userEvent.setup()
    renderSite('/admin')
    await screen.findByText('Admin page')
    await user.click(screen.getByRole('link', { name: 'About' }))
    await screen.findByText('About page')
    await settle()
    expect(counted).toEqual(['/about'])
  })
})
