// Journey: staff reorder the team in Team Members (move down, then up) and a visitor sees the new
// order on /about each time. The original order is put back afterwards for the other browser tests.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { test } from './support/fixtures.ts'
import { AdminPage, visit } from './support/pages/admin.ts'
import { selectRows, updateRows } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

interface Member {
  id: string
  name: string
  order_index: number
}
let original: Member[] = []

beforeAll(async () => {
  original = await selectRows<Member>('team_members', 'select=id,name,order_index&order=order_index,created_at')
})

// Each position is unique, so the members first move out of the way, then back to where they were.
afterAll(async () => {
  const clear = Math.max(...original.map((m) => m.order_index)) + 1
  for (const [i, member] of original.entries()) await updateRows('team_members', `id=eq.${member.id}`, { order_index: clear + i })
  for (const member of original) await updateRows('team_members', `id=eq.${member.id}`, { order_index: member.order_index })
})

function leadership(page: Page): Promise<string[]> {
  const section = page.locator('section', { has: page.locator('#team-heading') })
  return section.getByRole('heading', { level: 3 }).allTextContents()
}

/** The names in the leadership section of /about, top to bottom, once they are in `expected`'s order. */
async function aboutOrder(page: Page, expected: string[]): Promise<string[]> {
  await visit(page, siteUrl, '/about', async () => (await leadership(page)).join('\n') === expected.join('\n'))
  return leadership(page)
}

/** The names on the Team Members screen, top to bottom. */
function adminOrder(page: Page): Promise<string[]> {
  return page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents()
}

describe('team order', () => {
  test('moving a member down and up in Team Members changes the order on /about', { timeout: 120_000 }, async ({ page }) => {
    expect(original.length, 'the seeded team has at least two members').toBeGreaterThanOrEqual(2)
    const names = original.map((m) => m.name)
    await expect(aboutOrder(page, names)).resolves.toEqual(names)

    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open('/admin/team', 'Team Members')
    await expect(adminOrder(page)).resolves.toEqual(names)

    const [first, second, ...rest] = names
    await page.getByRole('button', { name: `Move ${first} down` }).click()
    await expect.poll(() => adminOrder(page)).toEqual([second, first, ...rest])
    await expect(aboutOrder(page, [second, first, ...rest])).resolves.toEqual([second, first, ...rest])

    await admin.open('/admin/team', 'Team Members')
    await expect(page.getByRole('button', { name: `Move ${second} up` }).isDisabled()).resolves.toBe(true)
    await page.getByRole('button', { name: `Move ${first} up` }).click()
    await expect.poll(() => adminOrder(page)).toEqual(names)
    await expect(aboutOrder(page, names)).resolves.toEqual(names)
  })
})
