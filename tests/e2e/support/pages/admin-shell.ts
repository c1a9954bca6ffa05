import type { Page } from 'playwright-core'

/** The guarded frame: sidebar, greeting, Logout. */
export class AdminShell {
  constructor(private readonly page: Page) {}

  greeting() {
    return this.page.getByText(/^Welcome back, /)
  }

  async goTo(entry: string): Promise<void> {
    await this.openMenuOnPhone()
    await this.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: entry, exact: true }).click()
  }

  async logout(): Promise<void> {
    await this.openMenuOnPhone()
    await this.page.getByRole('button', { name: 'Logout' }).click()
  }

  /** On a phone the sidebar is a drawer behind the menu button. */
  private async openMenuOnPhone(): Promise<void> {
    const menu = this.page.getByRole('button', { name: 'Open menu' })
    if (await menu.isVisible()) await menu.click()
  }

  toast(text: string) {
    return this.page.locator('li[data-swipe-direction]').filter({ hasText: text })
  }
}
