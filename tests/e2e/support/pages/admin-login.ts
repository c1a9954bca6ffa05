import type { Page } from 'playwright-core'

/** /admin/login */
export class AdminLoginPage {
  constructor(
    private readonly page: Page,
    private readonly siteUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.siteUrl}/admin/login`)
    await this.page.getByLabel('Email').waitFor()
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email)
    await this.page.getByLabel('Password').fill(password)
    await this.page.getByRole('button', { name: 'Sign In' }).click()
  }

  toast(title: string) {
    return this.page.locator('li[data-swipe-direction]').filter({ hasText: title })
  }
}
