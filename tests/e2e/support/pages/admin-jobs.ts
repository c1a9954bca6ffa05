import type { Page } from 'playwright-core'

/** /admin/jobs */
export class AdminJobsPage {
  constructor(private readonly page: Page) {}

  async addJob(job: { title: string; location: string; country: string; department: string; type: string; description: string }): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Job Opening' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Add New Job Opening' })
    await dialog.getByLabel('Job Title').fill(job.title)
    await dialog.getByLabel('Location').fill(job.location)
    await dialog.getByLabel('Country code').fill(job.country)
    await dialog.getByLabel('Department').fill(job.department)
    await dialog.getByLabel('Type').selectOption(job.type)
    await dialog.getByRole('tab', { name: 'HTML' }).click()
    await dialog.getByLabel('Description').fill(job.description)
    await dialog.getByRole('button', { name: 'Create Job Opening' }).click()
    await dialog.waitFor({ state: 'detached' })
  }

  row(title: string) {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) })
  }
}
