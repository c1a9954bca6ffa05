// Changing an account, as GoTrue's PUT /admin/users/{id} and PUT /user do: the request fields they
// read (a new address, a new password, metadata patches, a ban), checked and turned into one update of auth.users.
import type { Transaction } from '../db.ts'
import { AuthError } from './errors.ts'
import { parseGoDuration } from './go-duration.ts'
import { checkPassword, hashPassword } from './password.ts'
import { updateUserRow, validatedEmail, type UserRow } from './users.ts'

type Json = Record<string, unknown>

/** GoTrue's UpdateAppMetaData/UpdateUserMetaData: each key of the patch is set, or removed when null. */
function mergeMetadata(current: Json | null, patch: Json): Json {
  const merged: Json = { ...(current ?? {}) }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}

function objectField(body: Json, field: string): Json | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) throw new AuthError(400, 'validation_failed', `${field} must be an object`)
  return value as Json
}

/** A new password from a request body, checked by the same rule as new accounts and hashed; undefined when absent. */
export async function newPasswordHash(body: Json, minLength: number): Promise<string | undefined> {
  if (body.password === undefined || body.password === null) return undefined
  if (typeof body.password !== 'string') throw new AuthError(400, 'validation_failed', 'password must be a string')
  const problem = checkPassword(body.password, minLength)
  if (problem?.reason === 'length') throw new AuthError(422, 'weak_password', problem.message, { weak_password: { reasons: ['length'] } })
  if (problem) throw new AuthError(422, 'validation_failed', problem.message)
  return hashPassword(body.password)
}

export interface AdminChanges {
  /** A new address, already checked and lower-cased. */
  email?: string
  passwordHash?: string
  confirmEmail: boolean
  /** Undefined: unchanged; null: lifted. */
  bannedUntil?: Date | null
  appMetadata?: Json
  userMetadata?: Json
}

/** The fields of GoTrue's admin update this backend supports; anything it cannot do is refused, not ignored. */
export async function adminChanges(body: Json, minLength: number): Promise<AdminChanges> {
  for (const field of ['phone', 'role', 'phone_confirm']) {
    if (body[field] !== undefined && body[field] !== null && body[field] !== '' && body[field] !== false) {
      throw new AuthError(422, 'validation_failed', `Changing ${field} is not supported by this backend`)
    }
  }
  let bannedUntil: Date | null | undefined
  if (body.ban_duration !== undefined && body.ban_duration !== null && body.ban_duration !== '') {
    if (typeof body.ban_duration !== 'string') throw new AuthError(400, 'validation_failed', 'ban_duration must be a string')
    const ms = body.ban_duration === 'none' ? 0 : parseGoDuration(body.ban_duration)
    if (ms === null)
      throw new AuthError(400, 'validation_failed', `invalid format for ban duration: time: invalid duration "${body.ban_duration.slice(0, 40)}"`)
    bannedUntil = ms === 0 ? null : new Date(Date.now() + ms)
  }
  const email = typeof body.email === 'string' && body.email !== '' ? validatedEmail(body.email) : undefined
  if (body.email !== undefined && body.email !== null && typeof body.email !== 'string') {
    throw new AuthError(400, 'validation_failed', 'email must be a string')
  }
  return {
    email,
    passwordHash: await newPasswordHash(body, minLength),
    confirmEmail: body.email_confirm === true,
    bannedUntil,
    appMetadata: objectField(body, 'app_metadata'),
    userMetadata: objectField(body, 'user_metadata'),
  }
}

/** Applies `changes` to `user` in one update; null when the account is gone. */
export function applyChanges(tx: Transaction, user: UserRow, changes: AdminChanges): Promise<UserRow | null> {
  return updateUserRow(tx, user.id, {
    email: changes.email ?? user.email,
    encrypted_password: changes.passwordHash ?? user.encrypted_password,
    email_confirmed_at: changes.confirmEmail ? (user.email_confirmed_at ?? new Date()) : user.email_confirmed_at,
    banned_until: changes.bannedUntil === undefined ? user.banned_until : changes.bannedUntil,
    raw_app_meta_data: changes.appMetadata ? mergeMetadata(user.raw_app_meta_data, changes.appMetadata) : user.raw_app_meta_data,
    raw_user_meta_data: changes.userMetadata ? mergeMetadata(user.raw_user_meta_data, changes.userMetadata) : user.raw_user_meta_data,
  })
}
