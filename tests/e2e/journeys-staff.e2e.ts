// Staff in a real browser against `npm start` (no SMTP: e-mails are .eml files in DATA_DIR/mail):
// an admin invites an editor, who follows the e-mailed link and sets a password; an admin turns on
// two-factor and signs in with a code; a forgotten password is reset from its e-mail; axe on every
// new screen at 390 px and 1280 px.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect } from 'vitest'
import { authLinkMailedTo } from '../helpers/mail.ts'
import { advanceBackendClock } from '../helpers/test-clock.ts'
import { TOTP_STEP_MS, totpCode as codeAt } from '../helpers/totp.ts'
import { DEV_ADMIN } from './support/admin-routes.ts'
import { expectNoViolations } from './support/axe.ts'
import { test } from './support/fixtures.ts'
import { AdminLoginPage } from './support/pages/admin-login.ts'
import { AdminShell } from './support/pages/admin-shell.ts'
import { VIEWPORTS } from './support/public-routes.ts'
import { settle } from './support/settle.ts'
import { insertRow } from './support/staff-data.ts'
import { siteUrl, dataDir, productBackend } from './support/product.ts'

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const login = new AdminLoginPage(page, siteUrl)
  await login.open()
  await login.signIn(email, password)
}

/** A confirmed account made with the service-role key, with `role` when given. */
async function createAccount(email: string, password: string, role?: 'admin' | 'editor'): Promise<void> {
  const { url, serviceRoleKey } = productBackend()
  const response = await fetch(`${url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true }),
  })
  const user = (await response.json()) as { id: string }
  expect(response.status).toBe(200)
  if (role) await insertRow('staff_roles', { user_id: user.id, role })
}

// The backend's clock runs ahead of real time by what tests moved it (nextStep() here, a scheduled
// post going live in journeys-publishing.e2e.ts): each move answers the clock's time, so the offset
// is read, never assumed.
let clockAheadMs = 0

/** Moves the backend's clock by `ms` (0: only reads it) and keeps how far it runs ahead of real time. */
async function moveClock(ms: number): Promise<void> {
  const { url, serviceRoleKey } = productBackend()
  clockAheadMs = (await advanceBackendClock(url, serviceRoleKey, ms)) - Date.now()
}

beforeAll(() => moveClock(0))

/** The next 30-second step on the backend's clock, so a code differs from one used a moment ago (each works once). */
function nextStep(): Promise<void> {
  return moveClock(TOTP_STEP_MS)
}

/** The code an authenticator app holding `secret` shows now, as the backend's clock reads. */
function totpCode(secret: string): string {
  return codeAt(secret, Date.now() + clockAheadMs)
}

describe('staff journeys', () => {
  test('an admin invites an editor, who follows the e-mailed link, sets a password and is signed in', { timeout: 120_000 }, async ({ page, browser }) => {
    const email = `editor-${Date.now()}@example.com`
    await signIn(page, DEV_ADMIN.email, DEV_ADMIN.password)
    await new AdminShell(page).greeting().waitFor()
    await page.goto(`${siteUrl}/admin/staff`)
    await page.getByRole('button', { name: 'Invite' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite staff' })
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Role').selectOption('editor')
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await new AdminShell(page).toast('Invitation sent').waitFor()
    const row = page.getByRole('listitem').filter({ hasText: email })
    await row.getByText('Invited').waitFor()

    const link = await authLinkMailedTo(dataDir, email)
    const invited = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
    await invited.goto(link)
    await invited.getByRole('heading', { name: 'Welcome' }).waitFor()
    expect(await invited.title()).toBe('Welcome · Admin')
    await invited.getByLabel('New password').fill('short')
    await invited.getByLabel('Repeat the password').fill('short')
    await invited.getByRole('button', { name: 'Set password and sign in' }).click()
    await invited.getByText('Use at least 12 characters').waitFor()
    await invited.getByLabel('New password').fill('a-strong-editor-password')
    await invited.getByLabel('Repeat the password').fill('a-strong-editor-password')
    await invited.getByRole('button', { name: 'Set password and sign in' }).click()
    await invited.waitForURL((url) => url.pathname === '/admin' || url.pathname.startsWith('/admin/login'))
    // The link worked once: the session exists and the e-mailed link is spent.
    await invited.goto(link)
    await invited.getByText('This link has expired or has already been used.').waitFor()
    await invited.context().close()

    await page.reload()
    await page.getByRole('listitem').filter({ hasText: email }).getByText('Active').waitFor()
  })

  test('an admin turns on two-factor, signs out, and signs in with a code', { timeout: 120_000 }, async ({ page, problems }) => {
    // The wrong code below is refused as GoTrue refuses it: 422 on the factor's verify.
    problems.allow(/422.*\/auth\/v1\/factors\/[0-9a-f-]+\/verify/)
    // An admin of its own, so the other specs keep signing in with a password alone.
    const admin = { email: `two-factor-${Date.now()}@example.com`, password: 'a-second-admin-password' }
    await createAccount(admin.email, admin.password, 'admin')
    await signIn(page, admin.email, admin.password)
    const shell = new AdminShell(page)
    await shell.greeting().waitFor()
    await page.goto(`${siteUrl}/admin/account`)
    await page.getByRole('button', { name: 'Add authenticator app' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add an authenticator app' })
    await dialog.getByLabel('Name').fill('Work phone')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('img', { name: /QR code/ }).waitFor()
    const secret = await dialog.getByLabel('Key to type instead').inputValue()
    await dialog.getByLabel('Code from the app').fill(totpCode(secret))
    await dialog.getByRole('button', { name: 'Turn on two-factor' }).click()
    await shell.toast('Two-factor is on').waitFor()
    await page.getByRole('list', { name: 'Authenticator apps' }).getByText('Work phone').waitFor()

    await shell.logout()
    await page.waitForURL(/\/admin\/login/)
    let started = performance.now()
    await new AdminLoginPage(page, siteUrl).signIn(admin.email, admin.password)
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor()
    const toCodeScreen = performance.now() - started
    // Nothing of the back office opens before the code.
    await page.goto(`${siteUrl}/admin/inbox`)
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor()
    await page.getByLabel('Code').fill('000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByText('That code did not work').waitFor()
    // A fresh step, so the code just used in set-up is not a replay.
    await nextStep()
    await page.getByLabel('Code').fill(totpCode(secret))
    started = performance.now()
    await page.getByRole('button', { name: 'Verify' }).click()
    await shell.greeting().waitFor()
    const toBackOffice = performance.now() - started
    console.log(`sign-in with two-factor: password to code screen ${Math.round(toCodeScreen)} ms, code to back office ${Math.round(toBackOffice)} ms`)

    // Back to one factor: removing it needs a code first.
    await page.goto(`${siteUrl}/admin/account`)
    await page.getByRole('button', { name: 'Remove Work phone' }).click()
    const remove = page.getByRole('dialog', { name: 'Remove Work phone' })
    await nextStep()
    await remove.getByLabel('Code from the app').fill(totpCode(secret))
    await remove.getByRole('button', { name: 'Remove' }).click()
    await shell.toast('Authenticator removed').waitFor()
    await page.getByText('Two-factor is off').waitFor()
  })

  test('forgot password: the same answer for anyone, and the e-mailed link sets a new one', { timeout: 120_000 }, async ({ page, browser }) => {
    const email = `reset-${Date.now()}@example.com`
    await createAccount(email, 'the-old-password-1', 'editor')

    const login = new AdminLoginPage(page, siteUrl)
    for (const address of ['nobody-here@example.com', email]) {
      await login.open()
      await page.getByRole('button', { name: 'Forgot password?' }).click()
      await page.getByLabel('Email').fill(address)
      await page.getByRole('button', { name: 'Send reset link' }).click()
      await page.getByText(/If that address belongs to a staff account/).waitFor()
    }
    const link = await authLinkMailedTo(dataDir, email)
    const other = await (await browser.newContext()).newPage()
    await other.goto(link)
    await other.getByRole('heading', { name: 'Set a new password' }).waitFor()
    expect(await other.title()).toBe('Reset password · Admin')
    await other.getByLabel('New password').fill(email)
    await other.getByLabel('Repeat the password').fill(email)
    await other.getByRole('button', { name: 'Save and sign in' }).click()
    await other.getByText('The password cannot be your e-mail address').waitFor()
    await other.getByLabel('New password').fill('the-new-password-1')
    await other.getByLabel('Repeat the password').fill('the-new-password-1')
    await other.getByRole('button', { name: 'Save and sign in' }).click()
    await other.waitForURL((target) => target.pathname === '/admin')
    await other.context().close()

    const { url, anonKey } = productBackend()
    const signedIn = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'the-new-password-1' }),
    })
    expect(signedIn.status).toBe(200)
  })
})

describe.each(VIEWPORTS)('the staff screens at $width px ($name)', (viewport) => {
  test(
    'login (forgot password), welcome, reset, Staff with its invite dialog, and Account have no WCAG 2.1 AA violations',
    { timeout: 180_000 },
    async ({ page }) => {
      await page.setViewportSize(viewport)
      const label = (what: string) => `${what} at ${viewport.width} px`
      for (const path of ['/admin/welcome', '/admin/reset']) {
        await page.goto(`${siteUrl}${path}`)
        await page.getByText('This link has expired or has already been used.').waitFor()
        await expectNoViolations(page, label(path))
      }
      await new AdminLoginPage(page, siteUrl).open()
      await page.getByRole('button', { name: 'Forgot password?' }).click()
      await expectNoViolations(page, label('forgot password'))

      await signIn(page, DEV_ADMIN.email, DEV_ADMIN.password)
      await new AdminShell(page).greeting().waitFor()
      for (const path of ['/admin/staff', '/admin/account']) {
        await page.goto(`${siteUrl}${path}`)
        await new AdminShell(page).greeting().waitFor()
        await settle(page)
        await expectNoViolations(page, label(path))
      }
      await page.goto(`${siteUrl}/admin/staff`)
      await page.getByRole('button', { name: 'Invite' }).click()
      await page.getByRole('dialog', { name: 'Invite staff' }).waitFor()
      await expectNoViolations(page, label('the invite dialog'))
    },
  )
})
