// The Staff screen's server side through the production web server, against the real local
// backend: only an admin's own token opens it, the service-role key stays on the server, and each
// change is what the Auth admin API and the database then report.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listActivity, listMyActivity } from '../../src/features/admin/activity/api/activity'
import { NO_ACTIVITY_FILTERS, verbOf } from '../../src/entities/activity'
import { fetchStaff, postStaffIntent, STAFF_API_PATH } from '../../src/features/admin/staff/api/staff-requests'
import { setStaffRole } from '../../src/features/admin/staff/api/staff-admin.server'
import type { Db } from '../../src/lib/supabase'
import { buildDir } from '../../scripts/lib/web-build.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'
import { startSite, type SiteServer } from '../helpers/site-server'

let backend: LocalBackend
let site: SiteServer
let admin: Db
let service: Db
let people = 0

beforeAll(async () => {
  // The site listens on a port chosen at start: the auth allow list takes any local port.
  backend = await startLocalBackend({ URI_ALLOW_LIST: 'http://localhost:*/**' })
  site = await startSite(backend.url, backend.keys.anonKey, { SUPABASE_SERVICE_ROLE_KEY: backend.keys.serviceRoleKey, SUPABASE_PROXY: '1' })
  admin = (await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)) as unknown as Db
  service = backend.service() as unknown as Db
  // A loaded machine can take minutes to start a backend (and build the site).
}, 300_000)
afterAll(async () => {
  await site?.stop()
  await backend?.dispose()
})

/** A confirmed account with `role` (or none), and its password. */
async function person(role: 'admin' | 'editor' | null) {
  const email = `person${++people}@test.local`
  const password = 'a-long-password-1'
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true })
  if (error) throw error
  if (role) await setStaffRole(service, data.user.id, role)
  return { id: data.user.id, email, password }
}

const staffOf = async (email: string) => (await fetchStaff(admin, site.url)).staff.find((member) => member.email === email)

describe('who may use /admin/api/staff', () => {
  it('answers 401 without a token and 403 to a signed-in account that is not an admin, and changes nothing', async () => {
    expect((await fetch(`${site.url}${STAFF_API_PATH}`)).status).toBe(401)
    const editor = await person('editor')
    const editorDb = (await backend.signIn(editor.email, editor.password)) as unknown as Db
    await expect(fetchStaff(editorDb, site.url)).rejects.toThrow(/Only admins/)
    const target = await person('editor')
    const result = await postStaffIntent(editorDb, { intent: 'role', id: target.id, role: 'admin' }, site.url)
    expect(result.ok).toBe(false)
    expect((await staffOf(target.email))?.role).toBe('editor')
  })

  it('refuses a token whose admin was deactivated since it was issued', async () => {
    const other = await person('admin')
    const otherDb = (await backend.signIn(other.email, other.password)) as unknown as Db
    expect((await postStaffIntent(admin, { intent: 'deactivate', id: other.id }, site.url)).ok).toBe(true)
    await expect(fetchStaff(otherDb, site.url)).rejects.toThrow(/Only admins/)
  })

  it('refuses an admin without two-factor while two-factor is required for all staff', async () => {
    const other = await person('admin')
    const otherDb = (await backend.signIn(other.email, other.password)) as unknown as Db
    expect((await fetchStaff(otherDb, site.url)).staff.length).toBeGreaterThan(0)
    const required = await service.from('site_settings').update({ value: 'true' }).eq('key', 'staff_require_two_factor')
    expect(required.error).toBeNull()
    try {
      await expect(fetchStaff(otherDb, site.url)).rejects.toThrow(/Only admins/)
    } finally {
      await service.from('site_settings').update({ value: 'false' }).eq('key', 'staff_require_two_factor')
    }
  })

  it('never sends the service-role key: no browser asset and no page holds it', async () => {
    const key = backend.keys.serviceRoleKey
    const files: string[] = []
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) await walk(full)
        else if (!/\.(gz|br)$/.test(entry.name)) files.push(full)
      }
    }
    await walk(path.join(buildDir, 'client'))
    expect(files.length).toBeGreaterThan(10)
    for (const file of files) expect((await readFile(file)).includes(key), file).toBe(false)
    for (const page of ['/', '/admin', '/admin/login', '/admin/staff', '/admin/account', '/admin/welcome', '/admin/reset', '/admin/staff.data']) {
      const body = await (await fetch(`${site.url}${page}`)).text()
      expect(body.includes(key), page).toBe(false)
    }
  })
})

describe('the staff list and its changes', () => {
  it('lists each staff member with role, two-factor, last sign-in and status', async () => {
    const me = await staffOf(TEST_ADMIN.email)
    expect(me).toMatchObject({ role: 'admin', status: 'active', twoFactor: false })
    expect(me?.lastSignInAt).toBeTruthy()
    const editor = await person('editor')
    expect(await staffOf(editor.email)).toMatchObject({ role: 'editor', status: 'active', lastSignInAt: null })
  })

  it('invites: the person is listed as invited with the role, and a link to copy opens /admin/welcome with a session', async () => {
    const email = `invitee${++people}@test.local`
    const invited = await postStaffIntent(admin, { intent: 'invite', values: { email: email.toUpperCase(), role: 'sales' } }, site.url)
    expect(invited).toMatchObject({ ok: true, toast: { message: 'Invitation sent' } })
    const member = await staffOf(email)
    expect(member).toMatchObject({ role: 'sales', status: 'invited' })

    const again = await postStaffIntent(admin, { intent: 'invite', values: { email: TEST_ADMIN.email, role: 'editor' } }, site.url)
    expect(again).toMatchObject({ ok: false, toast: { message: 'That address already has an account' } })
    const bad = await postStaffIntent(admin, { intent: 'invite', values: { email: 'not an address', role: 'editor' } }, site.url)
    expect(bad).toMatchObject({ ok: false, fieldErrors: { email: 'Please enter a valid email address' } })

    const { link } = await postStaffIntent(admin, { intent: 'link', id: member!.id }, site.url)
    const landing = await fetch(link!, { redirect: 'manual' })
    const target = new URL(landing.headers.get('location')!)
    // The site's own origin, as the web server names itself (localhost).
    expect([target.port, target.pathname]).toEqual([new URL(site.url).port, '/admin/welcome'])
    expect(new URLSearchParams(target.hash.slice(1)).get('access_token')).toBeTruthy()
  })

  it('changes a role; an invalid role or id changes nothing', async () => {
    const editor = await person('editor')
    expect(await postStaffIntent(admin, { intent: 'role', id: editor.id, role: 'admin' }, site.url)).toMatchObject({
      ok: true,
      toast: { message: 'Role changed' },
    })
    expect((await staffOf(editor.email))?.role).toBe('admin')
    expect((await postStaffIntent(admin, { intent: 'role', id: editor.id, role: 'owner' }, site.url)).ok).toBe(false)
    expect((await postStaffIntent(admin, { intent: 'role', id: 'not-an-id', role: 'editor' }, site.url)).ok).toBe(false)
    expect((await staffOf(editor.email))?.role).toBe('admin')
    await postStaffIntent(admin, { intent: 'role', id: editor.id, role: 'editor' }, site.url)
  })

  it('deactivating ends sign-in and the role at once; reactivating brings both back', async () => {
    const editor = await person('admin')
    const editorDb = (await backend.signIn(editor.email, editor.password)) as unknown as Db
    expect((await editorDb.rpc('is_admin')).data).toBe(true)
    expect(await postStaffIntent(admin, { intent: 'deactivate', id: editor.id }, site.url)).toMatchObject({ ok: true })
    expect((await staffOf(editor.email))?.status).toBe('deactivated')
    expect((await editorDb.rpc('is_admin')).data).not.toBe(true)
    await expect(backend.signIn(editor.email, editor.password)).rejects.toThrow()

    expect(await postStaffIntent(admin, { intent: 'reactivate', id: editor.id }, site.url)).toMatchObject({ ok: true })
    expect((await staffOf(editor.email))?.status).toBe('active')
    await expect(backend.signIn(editor.email, editor.password)).resolves.toBeTruthy()
  })

  it('removes an account with its role', async () => {
    const editor = await person('editor')
    expect(await postStaffIntent(admin, { intent: 'remove', id: editor.id }, site.url)).toMatchObject({ ok: true, toast: { message: 'Staff member removed' } })
    expect(await staffOf(editor.email)).toBeUndefined()
    expect((await service.auth.admin.getUserById(editor.id)).data.user).toBeNull()
    const { rows } = await listActivity(admin, { ...NO_ACTIVITY_FILTERS, action: 'removed' }, 1)
    expect(rows.filter((row) => row.row_id === editor.id).map((row) => `${row.actor_email} ${verbOf(row.action)} ${row.title}`)).toEqual([
      `${TEST_ADMIN.email} removed ${editor.email}`,
    ])
  })

  it('an admin cannot deactivate or remove their own account', async () => {
    const me = await staffOf(TEST_ADMIN.email)
    for (const intent of ['deactivate', 'remove']) {
      expect(await postStaffIntent(admin, { intent, id: me!.id }, site.url)).toMatchObject({
        ok: false,
        toast: { message: 'You cannot do this to your own account here' },
      })
    }
    expect((await staffOf(TEST_ADMIN.email))?.status).toBe('active')
  })

  it('the last active admin cannot be demoted, deactivated or removed', async () => {
    // Every other admin this file made steps down first.
    for (const member of (await fetchStaff(admin, site.url)).staff) {
      if (member.role === 'admin' && member.email !== TEST_ADMIN.email) await postStaffIntent(admin, { intent: 'remove', id: member.id }, site.url)
    }
    const me = await staffOf(TEST_ADMIN.email)
    const result = await postStaffIntent(admin, { intent: 'role', id: me!.id, role: 'editor' }, site.url)
    expect(result).toMatchObject({ ok: false, toast: { message: 'The last active admin must stay an active admin' } })
    expect((await staffOf(TEST_ADMIN.email))?.role).toBe('admin')
  })
})

describe('the Activity screen and the Account screen', () => {
  it('shows each account change under Staff and settings as its verb, by the admin who made it', async () => {
    const email = `logged${++people}@test.local`
    expect((await postStaffIntent(admin, { intent: 'invite', values: { email, role: 'sales' } }, site.url)).ok).toBe(true)
    const invitee = (await staffOf(email))!
    const member = await person('editor')
    // A reset removes an authenticator; one the member has begun to set up is enough.
    const memberDb = (await backend.signIn(member.email, member.password)) as unknown as Db
    expect((await memberDb.auth.mfa.enroll({ factorType: 'totp' })).error).toBeNull()
    for (const body of [
      { intent: 'role', id: member.id, role: 'recruiter' },
      { intent: 'deactivate', id: member.id },
      { intent: 'reactivate', id: member.id },
      { intent: 'reset-2fa', id: member.id },
    ]) {
      expect((await postStaffIntent(admin, body, site.url)).ok).toBe(true)
    }

    const { rows } = await listActivity(admin, { ...NO_ACTIVITY_FILTERS, area: 'staff_settings' }, 1)
    const about = (id: string) =>
      rows
        .filter((row) => row.row_id === id)
        .map((row) => `${row.actor_email ?? 'a script'} ${verbOf(row.action)} ${row.title}`)
        .reverse()
    expect(about(invitee.id)).toEqual([`${TEST_ADMIN.email} changed the role of ${email}`, `${TEST_ADMIN.email} invited ${email}`])
    expect(about(member.id)).toEqual([
      // The test's own set-up, with the service-role key.
      `a script changed the role of ${member.email}`,
      `${TEST_ADMIN.email} changed the role of ${member.email}`,
      `${TEST_ADMIN.email} deactivated ${member.email}`,
      `${TEST_ADMIN.email} reactivated ${member.email}`,
      `${TEST_ADMIN.email} reset two-factor sign-in of ${member.email}`,
    ])
    const deactivations = await listActivity(admin, { ...NO_ACTIVITY_FILTERS, action: 'deactivated' }, 1)
    expect(deactivations.rows.map((row) => row.row_id)).toContain(member.id)
  })

  it('each staff member reads their own latest activity, and only theirs', async () => {
    const editor = await person('editor')
    const editorDb = (await backend.signIn(editor.email, editor.password)) as unknown as Db
    const { data: client } = await editorDb.from('clients').select('id, name').order('name').limit(1).single()
    expect(
      (
        await editorDb
          .from('clients')
          .update({ name: `${client!.name} (renamed)` })
          .eq('id', client!.id)
      ).error,
    ).toBeNull()

    const mine = await listMyActivity(editorDb)
    expect(mine.map((row) => [row.action, row.title, row.actor_email])).toEqual([['updated', `${client!.name} (renamed)`, editor.email]])
    expect((await listMyActivity(admin)).every((row) => row.actor_email === TEST_ADMIN.email)).toBe(true)
    await expect(listMyActivity(backend.anon() as unknown as Db)).rejects.toThrow(/Failed to fetch activity/)
  })
})
