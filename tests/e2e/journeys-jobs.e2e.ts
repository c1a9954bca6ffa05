// Journey: staff add a job opening and see it on /careers; a visitor opens the role's page and applies
// with a small PDF; staff find the application in Applications and download the CV, and the bytes
// the browser downloaded are the bytes the visitor uploaded.
import { readFile } from 'node:fs/promises'
import type { Download } from 'playwright-core'
import { afterAll, describe, expect } from 'vitest'
import { test } from './support/fixtures.ts'
import { AdminPage, visit } from './support/pages/admin.ts'
import { closeSettings, openSettings } from './support/pages/editor-settings.ts'
import { deleteRows, deleteStoredFile, selectRows } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const JOB = { title: 'Journey Test Payments Engineer', location: 'Lagos (hybrid)', department: 'Engineering', type: 'Contract' }
const APPLICANT = { name: 'Tobi Journey-Adewale', email: 'tobi.journey@example.com', phone: '+234 803 000 0001' }
// A small PDF with bytes that change per run and one that is not valid UTF-8, so a text round trip
// could not pass by accident.
const CV = Buffer.concat([Buffer.from(`%PDF-1.4\n% journey CV ${Date.now()}\n`), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x0a]), Buffer.from('%%EOF\n')])

afterAll(async () => {
  const jobs = await selectRows<{ id: string }>('job_openings', `select=id&title=eq.${encodeURIComponent(JOB.title)}`)
  for (const job of jobs) {
    const applications = await selectRows<{ cv_path: string }>('job_applications', `select=cv_path&job_opening_id=eq.${job.id}`)
    for (const { cv_path } of applications) await deleteStoredFile('applications', cv_path)
    await deleteRows('job_applications', `job_opening_id=eq.${job.id}`)
    await deleteRows('job_openings', `id=eq.${job.id}`)
  }
})

describe('job opening to application', () => {
  test('staff add an opening, a visitor applies with a CV, staff download the same bytes', { timeout: 180_000 }, async ({ page }) => {
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open('/admin/jobs', 'Job Openings')
    await page.getByRole('link', { name: 'Add Job Opening' }).click()
    const editor = page.getByRole('form', { name: 'Add New Job Opening' })
    await editor.getByLabel('Job Title').fill(JOB.title)
    await editor.getByRole('tab', { name: 'HTML' }).click()
    await editor.getByLabel('Description').fill('Build and run the switch that moves our clients’ money.')
    const settings = await openSettings(page, editor, 'Job settings')
    await settings.getByLabel('Location').fill(JOB.location)
    await settings.getByLabel('Country code').fill('NG')
    await settings.getByLabel('Department').fill(JOB.department)
    await settings.getByLabel('Type').selectOption(JOB.type)
    await expect(settings.getByLabel('Active (visible on careers page)').isChecked()).resolves.toBe(true)
    await closeSettings(page, 'Job settings')
    await editor.getByRole('button', { name: 'Create Job Opening' }).click()
    await admin.expectToast('Job opening created successfully')
    // The opening's own page takes the place of the new one's.
    await page.getByRole('form', { name: 'Edit Job Opening' }).waitFor()
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/jobs\/[0-9a-f-]{36}$/)

    // The visitor: /careers lists the opening, which links to its own page with the form.
    const opening = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: JOB.title }) })
    await visit(page, siteUrl, '/careers', async () => (await opening.count()) > 0)
    await expect(opening.count()).resolves.toBe(1)
    await expect(opening.getByText(JOB.location).isVisible()).resolves.toBe(true)
    await opening.getByRole('link', { name: `View and apply: ${JOB.title}` }).click()
    await page.getByRole('heading', { level: 1, name: JOB.title }).waitFor()
    const form = page.getByRole('form', { name: `Apply for ${JOB.title}` })
    await form.getByLabel('Full Name').fill(APPLICANT.name)
    await form.getByLabel('Email', { exact: true }).fill(APPLICANT.email)
    await form.getByLabel('Phone').fill(APPLICANT.phone)
    await form.getByLabel('Cover Note').fill('I have run card switches for eight years.')
    await form.getByLabel(/^CV/).setInputFiles({ name: 'Tobi CV.pdf', mimeType: 'application/pdf', buffer: CV })
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await form.getByRole('status').filter({ hasText: 'Thank you for applying!' }).waitFor()

    // Staff: the application is listed under its opening, and its CV downloads unchanged.
    await admin.open('/admin/applications', 'Applications')
    await page.getByLabel('Job opening').selectOption({ label: JOB.title })
    const application = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: APPLICANT.name }) })
    await application.waitFor()
    await expect(application.getByText(JOB.title, { exact: false }).first().isVisible()).resolves.toBe(true)
    await expect(application.getByRole('link', { name: APPLICANT.email }).isVisible()).resolves.toBe(true)

    // 'Download CV' opens a tab on a signed link that answers as an attachment: the tab downloads it.
    const downloaded = new Promise<Download>((resolve) => page.context().once('page', (tab) => tab.once('download', resolve)))
    await application.getByRole('button', { name: 'Download CV' }).click()
    const download = await downloaded
    expect(download.suggestedFilename()).toMatch(/\.pdf$/)
    const bytes = await readFile(await download.path())
    expect(bytes.equals(CV), `downloaded ${bytes.length} bytes, uploaded ${CV.length}`).toBe(true)
  })
})
