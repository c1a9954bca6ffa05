// The back office as the journeys drive it: signing in through the login form, opening a screen,
// and waiting for the toasts that tell staff an action worked. Selectors are the labels and button
// texts staff read, so a renamed control fails here, once, by name.
import type { Locator, Page } from 'playwright-core'
import { ADMIN_LOGIN, DEV_ADMIN } from '../admin-routes.ts'
import { settle } from '../settle.ts'

export class AdminPage {
  constructor(
    readonly page: Page,
    private readonly siteUrl: string,
  ) {}

  /** Signs in at /admin/login with the development admin, as staff type it. */
  async signIn(): Promise<void> {
    await this.page.goto(new URL(ADMIN_LOGIN, this.siteUrl).href)
    await this.page.getByLabel('Email').fill(DEV_ADMIN.email)
    await this.page.getByLabel('Password').fill(DEV_ADMIN.password)
    await this.page.getByRole('button', { name: 'Sign In' }).click()
    await this.page.getByText(/^Welcome back, /).waitFor()
  }

  /** Opens an admin screen by URL and waits for its heading and its data. */
  async open(route: string, heading: string): Promise<void> {
    await this.page.goto(new URL(route, this.siteUrl).href)
    await this.page.getByRole('heading', { level: 1, name: heading }).waitFor()
    await settle(this.page)
  }

  /** The toast with this text (title or description), once it shows. */
  async expectToast(text: string): Promise<void> {
    await this.toast(text).waitFor()
  }

  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true }).filter({ visible: true }).first()
  }
}

// How long a change may take to reach a page the web server keeps: the database's purge reaches it
// within 2 seconds; the rest is slack for a busy machine.
const CHANGE_SHOWS_MS = 5_000

/**
 * A public page a visitor opens after staff changed something, read once it has settled. With
 * `until`, the page is opened again until it shows the change (pages are served from a cache that
 * the change purges), and the last opening is what the caller reads.
 */
export async function visit(page: Page, siteUrl: string, path: string, until?: (page: Page) => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + CHANGE_SHOWS_MS
  for (;;) {
    const response = await page.goto(new URL(path, siteUrl).href)
    if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`)
    await settle(page)
    if (!until || (await until(page)) || Date.now() > deadline) return
    await page.waitForTimeout(250)
  }
}
