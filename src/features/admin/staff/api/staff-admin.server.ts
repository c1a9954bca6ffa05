// The Staff screen's work on the web server: reading and changing other people's accounts needs
// the Auth admin API, so the service-role key, which never leaves this process. Every function
// takes the service client; the caller was checked first (service-action.server.ts). Roles are
// written, and account changes recorded in the activity log, with the caller's own client, so the
// log names the admin who made them.
import type { RoleOption, StaffMember } from '~/entities/staff-member'
import { check, unwrap, type AuthUser as User, type Db } from '~/lib/supabase'
import { ServiceRefusal } from '../../lib/service-action.server'

/** Long enough to mean "until reactivated": GoTrue takes a Go duration. */
const BAN_FOREVER = '876000h'

/** Thrown for a refusal the admin should read as it is (the toast shows its message). */
export class StaffRuleError extends ServiceRefusal {
  constructor(message: string) {
    super(message, 400)
    this.name = 'StaffRuleError'
  }
}

function isBanned(user: User, now = Date.now()): boolean {
  return Boolean(user.banned_until && Date.parse(user.banned_until) > now)
}

function displayName(user: User): string | null {
  const metadata = user.user_metadata as Record<string, unknown> | undefined
  const name = metadata?.full_name ?? metadata?.name
  return typeof name === 'string' && name.trim() ? name.trim() : null
}

async function allUsers(service: Db): Promise<User[]> {
  const users: User[] = []
  for (let page = 1; ; page++) {
    const { data, error } = await service.auth.admin.listUsers({ page, perPage: 200 })
    if (error) throw new Error(`listing accounts: ${error.message}`)
    users.push(...data.users)
    if (data.users.length < 200) return users
  }
}

async function rolesByUser(service: Db): Promise<Map<string, string>> {
  const rows = unwrap(await service.from('staff_roles').select('user_id, role'), 'reading staff roles')
  return new Map(rows.map((row) => [row.user_id, row.role]))
}

/** The roles there are (public.roles), for the screen's role pickers. */
export async function listRoles(service: Db): Promise<RoleOption[]> {
  const rows = unwrap(await service.from('roles').select('name, label').order('name'), 'reading roles')
  // Admin first: the role with everything heads the list.
  return rows.sort((a, b) => Number(b.name === 'admin') - Number(a.name === 'admin'))
}

/** GoTrue lists a user's factors with the user, and leaves the field out when there are none. */
function hasVerifiedFactor(user: User): boolean {
  return (user.factors ?? []).some((factor) => factor.status === 'verified')
}

/** Every account with a staff role, admins first, then by e-mail. */
export async function listStaff(service: Db): Promise<StaffMember[]> {
  const [users, roles] = await Promise.all([allUsers(service), rolesByUser(service)])
  const staff = users
    .filter((user) => roles.has(user.id))
    .map((user): StaffMember => ({
      id: user.id,
      email: user.email ?? '',
      name: displayName(user),
      role: roles.get(user.id) ?? null,
      twoFactor: hasVerifiedFactor(user),
      lastSignInAt: user.last_sign_in_at ?? null,
      status: isBanned(user) ? 'deactivated' : user.email_confirmed_at ? 'active' : 'invited',
    }))
  return staff.sort((a, b) => Number(b.role === 'admin') - Number(a.role === 'admin') || a.email.localeCompare(b.email))
}

/** The one place a staff role is written: a person holds exactly one (the row's person never changes). */
export async function setStaffRole(db: Db, userId: string, role: string): Promise<void> {
  const changed = unwrap(await db.from('staff_roles').update({ role }).eq('user_id', userId).select('user_id'), 'writing the role')
  if (changed.length === 0) check(await db.from('staff_roles').insert({ user_id: userId, role }), 'writing the role')
}

export type StaffChange = 'invited' | 'deactivated' | 'reactivated' | 'two_factor_reset' | 'removed'

/**
 * Records an account change in the activity log as the caller's; the database records it only when
 * Supabase Auth just made it, once. The change is made by then, so a failure to record is logged, not thrown.
 */
async function recordChange(caller: Db, action: StaffChange, userId: string): Promise<void> {
  const { error } = await caller.rpc('log_staff_action', { action, member_id: userId })
  if (error) console.error(`recording ${action} in the activity log: ${error.message}`)
}

/** Refuses a change that would leave no active admin (the database refuses it too). */
async function keepAnAdmin(service: Db, userId: string): Promise<void> {
  const staff = await listStaff(service)
  const admins = staff.filter((member) => member.role === 'admin' && member.status === 'active')
  if (admins.length === 1 && admins[0].id === userId) throw new StaffRuleError('The last active admin must stay an active admin')
}

export interface Invitation {
  userId: string
}

/** Creates the account, gives it its role and sends the invitation e-mail (link to /admin/welcome). */
export async function inviteStaff(service: Db, caller: Db, email: string, role: string, redirectTo: string): Promise<Invitation> {
  const { data, error } = await service.auth.admin.inviteUserByEmail(email, { redirectTo })
  if (error) {
    if (error.code === 'email_exists' || error.status === 422) throw new StaffRuleError('That address already has an account')
    throw new Error(`inviting: ${error.message}`)
  }
  await setStaffRole(caller, data.user.id, role)
  await recordChange(caller, 'invited', data.user.id)
  return { userId: data.user.id }
}

/**
 * A fresh invitation link to copy, for installs that send no e-mail. It replaces the link in the
 * e-mail: an account holds one invitation at a time.
 */
export async function inviteLink(service: Db, userId: string, redirectTo: string): Promise<string> {
  const { data: found, error: findError } = await service.auth.admin.getUserById(userId)
  if (findError || !found.user.email) throw new Error(`finding the account: ${findError?.message ?? 'no e-mail'}`)
  if (found.user.email_confirmed_at) throw new StaffRuleError('This person has already accepted the invitation')
  const { data, error } = await service.auth.admin.generateLink({ type: 'invite', email: found.user.email, options: { redirectTo } })
  if (error) throw new Error(`creating the invite link: ${error.message}`)
  return data.properties.action_link
}

export async function changeRole(service: Db, caller: Db, userId: string, role: string): Promise<void> {
  if (role !== 'admin') await keepAnAdmin(service, userId)
  await setStaffRole(caller, userId, role)
}

/** Bans the account: it can no longer sign in or renew a session, and its role stops counting at once. */
export async function deactivateStaff(service: Db, caller: Db, userId: string): Promise<void> {
  await keepAnAdmin(service, userId)
  check(await service.auth.admin.updateUserById(userId, { ban_duration: BAN_FOREVER }), 'deactivating')
  await recordChange(caller, 'deactivated', userId)
}

export async function reactivateStaff(service: Db, caller: Db, userId: string): Promise<void> {
  check(await service.auth.admin.updateUserById(userId, { ban_duration: 'none' }), 'reactivating')
  await recordChange(caller, 'reactivated', userId)
}

/** Deletes the account; its role goes with it. */
export async function removeStaff(service: Db, caller: Db, userId: string): Promise<void> {
  await keepAnAdmin(service, userId)
  check(await service.auth.admin.deleteUser(userId), 'removing')
  await recordChange(caller, 'removed', userId)
}

/** Removes every authenticator of a person who lost theirs; they sign in with the password alone again. */
export async function resetTwoFactor(service: Db, caller: Db, userId: string): Promise<void> {
  const { factors } = unwrap(await service.auth.admin.mfa.listFactors({ userId }), 'reading factors')
  for (const factor of factors) check(await service.auth.admin.mfa.deleteFactor({ userId, id: factor.id }), 'removing a factor')
  await recordChange(caller, 'two_factor_reset', userId)
}
