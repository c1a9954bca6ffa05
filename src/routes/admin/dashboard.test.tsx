// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { createBrowserClient } from '~/lib/supabase'
import { adminBackend, listLoaded, renderRoute } from '../../../tests/helpers/admin-harness'
import * as screenRoute from './dashboard'

const env = adminBackend()

beforeAll(async () => {
  // recharts' ResponsiveContainer watches its size; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  const visitor = createBrowserClient({ url: env.backend.url, anonKey: env.backend.anonKey }, { persistSession: false })
  for (const path of ['/', '/careers', '/careers']) await visitor.rpc('record_page_view', { page_path: path })
})

function figure(label: string): string {
  const item = screen.getByText(label).closest('a, div')!
  return within(item as HTMLElement).getByText(/^[\d,]+$/).textContent!
}

describe('Dashboard', () => {
  it('shows exact counts and real page views instead of a hard-coded figure', async () => {
    renderRoute(screenRoute, env.db, '/admin')
    await listLoaded()
    const count = async (table: 'solutions' | 'clients' | 'testimonials') =>
      String((await env.db.from(table).select('id', { count: 'exact', head: true })).count)
    expect(figure('Solutions')).toBe(await count('solutions'))
    expect(figure('Clients')).toBe(await count('clients'))
    expect(figure('Testimonials')).toBe(await count('testimonials'))
    expect(figure('Website views (30 days)')).toBe('3')
    expect(screen.queryByText('12.5K')).toBeNull()
    // The chart's figures, also as a table for screen readers: 30 days, today's 3 views last.
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1)
    expect(rows).toHaveLength(30)
    expect(within(rows.at(-1)!).getAllByRole('cell')[1].textContent).toBe('3')
  })
})
