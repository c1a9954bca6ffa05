// @vitest-environment happy-dom
// The guarded frame with a real session per role: the sidebar lists the role's screens only, and
// the URL of another screen shows the no-access page instead of the screen. Screens give times in
// the company's time zone, from the site settings the root loader read.
import { render, screen, within } from '@testing-library/react'
import type { ComponentType } from 'react'
import { createRoutesStub, Outlet, type LoaderFunction } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_SITE_SETTINGS } from '~/entities/site-settings'
import { createBrowserClient, type Db } from '~/lib/supabase'
import { Spinner } from '~/features/admin/components/spinner'
import { setAdminDb } from '~/features/admin/lib/admin-db'
import { adminBackend, listLoaded, serviceDb, signedInStaff } from '../../../tests/helpers/admin-harness'
import * as dashboard from './dashboard'
import * as inbox from './inbox'
import * as redirects from './redirects'
import * as shell from './shell'

const env = adminBackend()
let editor: Db
let sales: Db
let compliance: Db

beforeAll(async () => {
  // recharts' ResponsiveContainer watches its size; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  const visitor = createBrowserClient({ url: env.backend.url, anonKey: env.backend.anonKey }, { persistSession: false })
  const sent = await visitor
    .from('contact_messages')
    .insert({ first_name: 'Amaka', last_name: 'Visitor', email: 'amaka@example.com', message: 'A demo, please.' })
  if (sent.error) throw sent.error
  editor = await signedInStaff(env.backend, 'editor')
  sales = await signedInStaff(env.backend, 'sales')
  compliance = await signedInStaff(env.backend, 'compliance')
})

/** The shell with the dashboard, the inbox and the redirects below it, under a root holding the site's time zone, as the router runs them. */
function renderShell(db: Db, path: string, timeZone = DEFAULT_SITE_SETTINGS.time_zone) {
  setAdminDb(db)
  const screenRoute = (module: { clientLoader: unknown; default: unknown }) => ({
    loader: module.clientLoader as LoaderFunction,
    Component: module.default as ComponentType,
  })
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ settings: { ...DEFAULT_SITE_SETTINGS, time_zone: timeZone } }),
      Component: Outlet,
      HydrateFallback: () => <Spinner />,
      children: [
        {
          path: 'admin',
          ...screenRoute(shell),
          children: [
            { index: true, ...screenRoute(dashboard) },
            { path: 'inbox', ...screenRoute(inbox) },
            { path: 'redirects', ...screenRoute(redirects) },
          ],
        },
      ],
    },
  ])
  return render(<Stub initialEntries={[path]} />)
}

async function sidebar(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Admin' }, { timeout: 10_000 })
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '')
}

describe('the back office per role', () => {
  it('shows an editor the content screens and figures only', async () => {
    renderShell(editor, '/admin')
    expect(await sidebar()).toEqual([
      'Dashboard',
      'Solutions',
      'Clients',
      'Testimonials',
      'Website Content',
      'Blog Posts',
      'Team Members',
      'Job Openings',
      'Media',
      'Releases',
      'Redirects',
      'My Account',
    ])
    await screen.findByRole('heading', { name: 'Dashboard' })
    await listLoaded()
    expect(await screen.findByText('Solutions', { selector: 'main span' })).toBeTruthy()
    expect(screen.getByText('Website views (30 days)')).toBeTruthy()
    expect(screen.queryByText('New messages')).toBeNull()
    expect(screen.queryByText('Open applications')).toBeNull()
  })

  it('refuses an editor the inbox URL with the no-access page', async () => {
    renderShell(editor, '/admin/inbox')
    const heading = await screen.findByRole('heading', { name: 'No access' }, { timeout: 10_000 })
    const page = heading.closest('section')!
    expect(page.textContent).toContain('Your role (Editor) does not include this screen.')
    expect(within(page).getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/admin')
    expect(screen.queryByText(/Amaka/)).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Inbox' })).toBeNull()
  })

  it('shows sales the inbox and its own screens', async () => {
    renderShell(sales, '/admin/inbox')
    expect(await sidebar()).toEqual(['Dashboard', 'Inbox1 new', 'Subscribers', 'My Account'])
    await screen.findByRole('heading', { name: 'Inbox' }, { timeout: 10_000 })
    await listLoaded()
    expect(screen.getByText(/Amaka/)).toBeTruthy()
  })

  it("dates what a screen lists in the site settings' time zone", async () => {
    const added = await serviceDb(env.backend).from('redirects').insert({ from_path: '/zoned', to_path: '/about', created_at: '2026-10-31T23:30:00Z' })
    expect(added.error).toBeNull()
    // 23:30 UTC is still 31 October in New York (and 1 November in Lagos, the stored zone).
    renderShell(editor, '/admin/redirects', 'America/New_York')
    const row = (await screen.findByText('/zoned', {}, { timeout: 10_000 })).closest('li')!
    expect(within(row).getByText('Since 31 Oct 2026')).toBeTruthy()
  })

  it('shows a compliance reviewer the Reviews queue and nothing to edit', async () => {
    renderShell(compliance, '/admin')
    expect(await sidebar()).toEqual(['Dashboard', 'Reviews', 'Releases', 'Archive', 'My Account'])
    await screen.findByRole('heading', { name: 'Dashboard' })
  })
})
