import type { Page } from 'playwright-core'
import { closeSettings, openSettings } from './editor-settings.ts'

/** /admin/jobs and an opening's own page (/admin/jobs/new, /admin/jobs/{id}). */
export class AdminJobsPage {
  constructor(private readonly page: Page) {}

  /** "Add Job Opening": the new opening's page, filled and created; then back to the list. */
  async addJob(job: { title: string; location: string; country: string; department: string; type: string; description: string }): Promise<void> {
    await this.page.getByRole('link', { name: 'Add Job Opening' }).click()
    const form = this.page.getByRole('form', { name: 'Add New Job Opening' })
    await form.getByLabel('Job Title').fill(job.title)
    await form.getByRole('tab', { name: 'HTML' }).click()
    await form.getByLabel('Description').fill(job.description)
    const settings = await openSettings(this.page, form, 'Job settings')
    await settings.getByLabel('Location').fill(job.location)
    await settings.getByLabel('Country code').fill(job.country)
    await settings.getByLabel('Department').fill(job.department)
    await settings.getByLabel('Type').selectOption(job.type)
    await closeSettings(this.page, 'Job settings')
    await form.getByRole('button', { name: 'Create Job Opening' }).click()
    // The new opening's own page opens; its list is a link away.
    const created = this.page.getByRole('form', { name: 'Edit Job Opening' })
    await created.waitFor()
    await created.getByRole('link', { name: 'Job openings' }).click()
    await this.page.getByRole('heading', { level: 1, name: 'Job Openings' }).waitFor()
  }

  row(title: string) {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) })
  }
}
