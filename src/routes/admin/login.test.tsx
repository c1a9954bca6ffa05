// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_ACCESS_MESSAGE } from '~/features/admin/auth/components/login-form'
import { enterText, expectToast, renderRoute, serviceDb, startBackend, TEST_ADMIN, type TestBackend } from '../../../tests/helpers/admin-harness'
import { createBrowserClient, type Db } from '~/lib/supabase'
import * as loginRoute from './login'

let backend: TestBackend

beforeAll(async () => {
  backend = await startBackend()
  const { error } = await serviceDb(backend).auth.admin.createUser({ email: 'writer@test.local', password: 'writer-password-1', email_confirm: true })
  if (error) throw error
})
afterAll(async () => {
  await backend?.dispose()
})

function freshDb(): Db {
  return createBrowserClient({ url: backend.url, anonKey: backend.anonKey }, { persistSession: false })
}

/** The login screen at `path`, able to go on to /admin and /admin/blog. */
async function openLogin(db: Db, path = '/admin/login') {
  renderRoute(loginRoute, db, path, () => null, ['/admin', '/admin/blog'])
  await screen.findByLabelText('Email')
}

async function signInWith(db: Db, email: string, password: string, path?: string) {
  const user = userEvent.setup()
  await openLogin(db, path)
  await enterText(user, screen.getByLabelText('Email'), email)
  await enterText(user, screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Sign In' }))
}

/** The back-office screen the route went on to, if any (the stub shows "Opened <path>"). */
function wentOnTo(): string | null {
  return screen.queryByText(/^Opened /)?.textContent ?? null
}

describe('Admin login', () => {
  it('signs an admin in: Login Successful, a real session, then on to /admin', async () => {
    const db = freshDb()
    await signInWith(db, TEST_ADMIN.email, TEST_ADMIN.password)
    await expectToast('Login Successful', 'Welcome to the admin panel!')
    expect((await screen.findByText(/^Opened /)).textContent).toBe('Opened /admin')
    const { data } = await db.auth.getSession()
    expect(data.session?.user.email).toBe(TEST_ADMIN.email)
  })

  it('a wrong password gets Login Failed / Invalid credentials. Please try again.', async () => {
    const db = freshDb()
    await signInWith(db, TEST_ADMIN.email, 'not-the-password')
    await expectToast('Login Failed', 'Invalid credentials. Please try again.')
    expect(wentOnTo()).toBeNull()
    expect((await db.auth.getSession()).data.session).toBeNull()
  })

  it('an unknown e-mail gets the very same answer', async () => {
    await signInWith(freshDb(), 'nobody@test.local', 'whatever-password')
    await expectToast('Login Failed', 'Invalid credentials. Please try again.')
    expect(wentOnTo()).toBeNull()
  })

  it('an account without the admin role is told it has no access and keeps no session', async () => {
    const db = freshDb()
    await signInWith(db, 'writer@test.local', 'writer-password-1')
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(NO_ACCESS_MESSAGE)
    expect(wentOnTo()).toBeNull()
    expect((await db.auth.getSession()).data.session).toBeNull()
  })

  it('shows the rule beside an empty field and sends nothing', async () => {
    const user = userEvent.setup()
    await openLogin(freshDb())
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Please enter your password')).toBeTruthy()
  })

  it('goes on to the screen the guard sent the person from', async () => {
    await signInWith(freshDb(), TEST_ADMIN.email, TEST_ADMIN.password, '/admin/login?next=%2Fadmin%2Fblog')
    expect((await screen.findByText(/^Opened /)).textContent).toBe('Opened /admin/blog')
  })

  it('goes to /admin when `next` points outside the back office', async () => {
    await signInWith(freshDb(), TEST_ADMIN.email, TEST_ADMIN.password, '/admin/login?next=%2F%2Fevil.example%2Fadmin')
    expect((await screen.findByText(/^Opened /)).textContent).toBe('Opened /admin')
  })
})
