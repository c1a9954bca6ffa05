// GoTrue's admin user endpoints (/admin/users…), called with the secret or service-role key by
// scripts and by the web server's Staff screen.
import type { Context } from 'hono'
import { recordAudit, SERVICE_ROLE_ACTOR } from './audit.ts'
import { AuthError } from './errors.ts'
import { requireAdmin } from './guard.ts'
import type { AuthKit } from './kit.ts'
import { factorsByUser, factorsOf } from './mfa.ts'
import { optionalObject, positiveInt, readJson, UUID } from './request.ts'
import { endSessions } from './sessions.ts'
import { adminChanges, applyChanges, newPasswordHash } from './user-updates.ts'
import { deleteUser, emailTaken, findUserById, insertUser, isBanned, isValidEmail, listUsers, normalizeEmail, userJson } from './users.ts'

const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found')

/** The account id in the path, once the caller is proven an admin. */
async function adminTarget(kit: AuthKit, c: Context): Promise<string> {
  await requireAdmin(c, kit.deps)
  const id = c.req.param('id') ?? ''
  if (!UUID.test(id)) throw userNotFound()
  return id
}

export async function createUser(kit: AuthKit, c: Context): Promise<Response> {
  await requireAdmin(c, kit.deps)
  const body = await readJson(c)
  const rawEmail = typeof body.email === 'string' ? body.email : ''
  if (rawEmail.trim() === '') throw new AuthError(400, 'validation_failed', 'Cannot create a user without either an email or phone')
  const email = normalizeEmail(rawEmail)
  if (!isValidEmail(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  const passwordHash = (await newPasswordHash(body, kit.config.passwordMinLength)) ?? null
  const appMetadata = optionalObject(body, 'app_metadata')
  const userMetadata = optionalObject(body, 'user_metadata') ?? optionalObject(body, 'data')
  const user = await kit.deps.db.asSystem(async (tx) => {
    if (await emailTaken(tx, email)) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
    const created = await insertUser(tx, { email, passwordHash, confirmed: body.email_confirm === true, appMetadata, userMetadata })
    await recordAudit(tx, SERVICE_ROLE_ACTOR, 'user_signedup', { user_id: created.id, user_email: created.email, user_phone: '' })
    return created
  })
  return c.json(userJson(user))
}

export async function listAllUsers(kit: AuthKit, c: Context): Promise<Response> {
  await requireAdmin(c, kit.deps)
  const page = positiveInt(c.req.query('page'), 1)
  const perPage = Math.min(positiveInt(c.req.query('per_page'), 50), 1000)
  const { users, total, factors } = await kit.deps.db.asSystem(async (tx) => {
    const listed = await listUsers(tx, page, perPage)
    return {
      ...listed,
      factors: await factorsByUser(
        tx,
        listed.users.map((u) => u.id),
      ),
    }
  })
  // GoTrue's pagination headers; supabase-js reads nextPage/lastPage/total from them.
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const path = new URL(c.req.url).pathname
  const links: string[] = []
  if (page < lastPage) links.push(`<${path}?page=${page + 1}&per_page=${perPage}>; rel="next"`)
  links.push(`<${path}?page=${lastPage}&per_page=${perPage}>; rel="last"`)
  c.header('Link', links.join(', '))
  c.header('X-Total-Count', String(total))
  return c.json({ users: users.map((u) => userJson(u, factors.get(u.id))), aud: 'authenticated' })
}

export async function getUserById(kit: AuthKit, c: Context): Promise<Response> {
  const id = await adminTarget(kit, c)
  const found = await kit.deps.db.asSystem(async (tx) => {
    const user = await findUserById(tx, id)
    return user ? { user, factors: await factorsOf(tx, id) } : null
  })
  if (!found) throw userNotFound()
  return c.json(userJson(found.user, found.factors))
}

/**
 * GoTrue's adminUserUpdate: a new address, a new password (which ends every session of the account
 * and lifts every sign-in limit on it, so an admin can let a locked-out colleague back in), e-mail
 * confirmation, a ban (ban_duration, Go's duration syntax, or "none" to lift it) and metadata.
 */
export async function updateUserById(kit: AuthKit, c: Context): Promise<Response> {
  const id = await adminTarget(kit, c)
  const changes = await adminChanges(await readJson(c), kit.config.passwordMinLength)
  const updated = await kit.deps.db.asSystem(async (tx) => {
    const user = await findUserById(tx, id)
    // An admin sets the address directly, as in GoTrue; another account's address is refused.
    if (user && changes.email !== undefined && changes.email !== user.email && (await emailTaken(tx, changes.email))) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
    const row = user ? await applyChanges(tx, user, changes) : null
    if (!row) return null
    // A new password or a ban ends every session at once: a ban must not wait for tokens to expire.
    if (changes.passwordHash !== undefined || (changes.bannedUntil !== undefined && isBanned(row))) await endSessions(tx, id, null, 'global')
    await recordAudit(tx, SERVICE_ROLE_ACTOR, 'user_modified', { user_id: row.id, user_email: row.email, user_phone: '' })
    return row
  })
  if (!updated) throw userNotFound()
  if (changes.passwordHash !== undefined && updated.email) kit.limits.signIn.clearAccount(normalizeEmail(updated.email))
  return c.json(userJson(updated))
}

export async function deleteUserById(kit: AuthKit, c: Context): Promise<Response> {
  const id = await adminTarget(kit, c)
  const deleted = await kit.deps.db.asSystem(async (tx) => {
    const user = await findUserById(tx, id)
    if (!user || !(await deleteUser(tx, id))) return false
    await recordAudit(tx, SERVICE_ROLE_ACTOR, 'user_deleted', { user_id: user.id, user_email: user.email, user_phone: '' })
    return true
  })
  if (!deleted) throw userNotFound()
  return c.json({})
}
