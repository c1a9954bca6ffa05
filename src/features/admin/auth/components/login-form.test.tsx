// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createBrowserClient, type Db } from '~/lib/supabase'
import { expectToast, renderAdmin, serviceDb, startBackend, TEST_ADMIN, type LocalBackend } from '../../test/admin-harness'
import { LoginForm, NO_ACCESS_MESSAGE } from './login-form'

let backend: LocalBackend

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

async function signInWith(db: Db, email: string, password: string) {
  const user = userEvent.setup()
  const onSignedIn = vi.fn()
  renderAdmin(<LoginForm notice={null} onSignedIn={onSignedIn} />, db)
  await user.type(screen.getByLabelText('Email'), email)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Sign In' }))
  return onSignedIn
}

describe('Admin login', () => {
  it('signs an admin in: Login Successful, a real session, then on to /admin', async () => {
    const db = freshDb()
    const onSignedIn = await signInWith(db, TEST_ADMIN.email, TEST_ADMIN.password)
    await expectToast('Login Successful', 'Welcome to the admin panel!')
    expect(onSignedIn).toHaveBeenCalledOnce()
    const { data } = await db.auth.getSession()
    expect(data.session?.user.email).toBe(TEST_ADMIN.email)
  })

  it('a wrong password gets Login Failed / Invalid credentials. Please try again.', async () => {
    const db = freshDb()
    const onSignedIn = await signInWith(db, TEST_ADMIN.email, 'not-the-password')
    await expectToast('Login Failed', 'Invalid credentials. Please try again.')
    expect(onSignedIn).not.toHaveBeenCalled()
    expect((await db.auth.getSession()).data.session).toBeNull()
  })

  it('an unknown e-mail gets the very same answer', async () => {
    const onSignedIn = await signInWith(freshDb(), 'nobody@test.local', 'whatever-password')
    await expectToast('Login Failed', 'Invalid credentials. Please try again.')
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('an account without the admin role is told it has no access and keeps no session', async () => {
    const db = freshDb()
    const onSignedIn = await signInWith(db, 'writer@test.local', 'writer-password-1')
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(NO_ACCESS_MESSAGE)
    expect(onSignedIn).not.toHaveBeenCalled()
    expect((await db.auth.getSession()).data.session).toBeNull()
  })

  it('shows the rule beside an empty field and sends nothing', async () => {
    const user = userEvent.setup()
    renderAdmin(<LoginForm notice={null} onSignedIn={() => {}} />, freshDb())
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Please enter your password')).toBeTruthy()
  })
})
