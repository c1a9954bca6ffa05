// Each staff role through the back office's own data functions, against the real local backend with
// real supabase-js: what the session says a role may do is what the database lets it do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CvLinkRefused, signCvLink } from '../../src/features/admin/applications/api/cv-link.server'
import { getStaffSession, type Staff } from '../../src/features/admin/auth/api/staff-session'
import { getDashboardFigures } from '../../src/features/admin/dashboard/api/dashboard-figures'
import { listContactMessages, setMessageStatus } from '../../src/features/admin/inbox/api/contact-messages'
import { listSolutions } from '../../src/features/admin/solutions/api/solutions'
import type { Db } from '../../src/lib/supabase'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'

let backend: LocalBackend
let admin: Db
const staff: Record<'editor' | 'sales' | 'recruiter', { db: Db; me: Staff; userId: string }> = {} as never
let cvPath: string

async function staffMember(role: 'editor' | 'sales' | 'recruiter'): Promise<{ db: Db; me: Staff; userId: string }> {
  const service = backend.service()
  const email = `${role}@test.local`
  const { data, error } = await service.auth.admin.createUser({ email, password: `${role}-password-1`, email_confirm: true })
  if (error) throw error
  expect((await service.from('staff_roles').insert({ user_id: data.user.id, role })).error).toBeNull()
  const db = (await backend.signIn(email, `${role}-password-1`)) as unknown as Db
  const session = await getStaffSession(db)
  if (session.kind !== 'staff') throw new Error(`${role} has no staff session`)
  return { db, me: session.staff, userId: data.user.id }
}

beforeAll(async () => {
  backend = await startLocalBackend()
  admin = (await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)) as unknown as Db
  for (const role of ['editor', 'sales', 'recruiter'] as const) staff[role] = await staffMember(role)
  const visitor = backend.anon()
  expect(
    (await visitor.from('contact_messages').insert({ first_name: 'Ada', last_name: 'Obi', email: 'ada@example.com', message: 'A demo, please.' })).error,
  ).toBeNull()
  const { data: opening } = await admin.from('job_openings').select('id').eq('active', true).limit(1).single()
  cvPath = `${crypto.randomUUID()}/cv.pdf`
  expect(
    (await visitor.storage.from('applications').upload(cvPath, new TextEncoder().encode('%PDF-1.4\n'), { contentType: 'application/pdf' })).error,
  ).toBeNull()
  expect(
    (await visitor.from('job_applications').insert({ job_opening_id: opening!.id, name: 'Applicant', email: 'applicant@example.com', cv_path: cvPath })).error,
  ).toBeNull()
})
afterAll(async () => {
  await backend?.dispose()
})

describe('the dashboard of each role', () => {
  it('shows an editor the content and views, sales the leads, a recruiter the applications', async () => {
    const groups = async (role: keyof typeof staff) => {
      const figures = await getDashboardFigures(staff[role].db, staff[role].me.permissions)
      return Object.entries(figures)
        .filter(([, value]) => value !== null)
        .map(([group]) => group)
    }
    expect(await groups('editor')).toEqual(['content', 'views'])
    expect(await groups('sales')).toEqual(['leads'])
    expect(await groups('recruiter')).toEqual(['applications'])
    const sales = await getDashboardFigures(staff.sales.db, staff.sales.me.permissions)
    expect(sales.leads).toEqual({ newMessages: 1, subscribers: 0 })
  })
})

describe('what the database lets each role do', () => {
  it('sales reads and marks the inbox but cannot edit a solution', async () => {
    const [message] = await listContactMessages(staff.sales.db)
    expect(message.email).toBe('ada@example.com')
    await setMessageStatus(staff.sales.db, message.id, 'handled')
    const [solution] = await listSolutions(staff.sales.db)
    const renamed = await staff.sales.db.from('solutions').update({ title: 'Renamed by sales' }).eq('id', solution.id).select('id')
    expect(renamed.data).toEqual([])
    expect((await listSolutions(admin)).find((s) => s.id === solution.id)?.title).toBe(solution.title)
  })

  it('an editor reads no contact message and cannot open a CV; a recruiter can', async () => {
    expect(await listContactMessages(staff.editor.db)).toEqual([])
    const { data: application } = await admin.from('job_applications').select('id, cv_path').eq('cv_path', cvPath).single()
    const service = backend.service() as unknown as Db
    await expect(signCvLink(staff.editor.db, service, application!.id)).rejects.toThrow(CvLinkRefused)
    expect(await listContactMessages(staff.recruiter.db)).toEqual([])
    const url = await signCvLink(staff.recruiter.db, service, application!.id)
    expect((await fetch(url)).status).toBe(200)
  })

  it("an admin changes a colleague's role through the API; nobody else can", async () => {
    const target = staff.recruiter.userId
    const refused = await staff.editor.db.from('staff_roles').update({ role: 'admin' }).eq('user_id', target).select('role')
    expect(refused.data).toEqual([])
    const changed = await admin.from('staff_roles').update({ role: 'sales' }).eq('user_id', target).select('role')
    expect(changed.error).toBeNull()
    expect(changed.data).toEqual([{ role: 'sales' }])
    const session = await getStaffSession(staff.recruiter.db)
    expect(session.kind === 'staff' && session.staff.permissions).toEqual(['leads.read', 'leads.write'])
    expect((await admin.from('staff_roles').update({ role: 'recruiter' }).eq('user_id', target)).error).toBeNull()
  })

  it('refuses to demote the last active admin through the API: 409 with a clear message', async () => {
    const { data: me } = await admin.auth.getUser()
    const demoted = await admin.from('staff_roles').update({ role: 'editor' }).eq('user_id', me.user!.id)
    expect(demoted.status).toBe(409)
    expect(demoted.error?.message).toBe('The last active admin cannot be demoted, deactivated or removed.')
    expect((await getStaffSession(admin)).kind === 'staff').toBe(true)
  })
})
