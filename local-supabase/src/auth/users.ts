// auth.users: reading and writing accounts, GoTrue's JSON form of a user, and the first admin.
import type { LocalDatabase, Transaction } from '../db.ts'
import { readProjectAuthSettings, DEFAULT_AUTH_CONFIG } from './config.ts'
import { AuthError } from './errors.ts'
import { factorJson, type FactorJson, type FactorRow } from './mfa.ts'
import { checkPassword, hashPassword } from './password.ts'

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date
  updated_at: Date
  phone: string | null
  banned_until: Date | null
  is_anonymous: boolean
  invited_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  /** The address an e-mail change waits to move to ('' when none). */
  email_change: string | null
  email_change_sent_at: Date | null
  /** 0: no link of a double-confirmed change spent yet; 1: one of the two. */
  email_change_confirm_status: number | null
}

/** The user as GoTrue returns it (from /user, /token and the admin API). */
export interface AuthUser {
  id: string
  aud: string
  role: string
  email: string
  email_confirmed_at?: string
  invited_at?: string
  confirmation_sent_at?: string
  recovery_sent_at?: string
  /** The address an e-mail change waits to move to, while it waits. */
  new_email?: string
  email_change_sent_at?: string
  phone: string
  confirmed_at?: string
  last_sign_in_at?: string
  app_metadata: Record<string, unknown>
  user_metadata: Record<string, unknown>
  identities: IdentityJson[]
  /** Present only when the person has factors, as in GoTrue. */
  factors?: FactorJson[]
  created_at: string
  updated_at: string
  banned_until?: string
  is_anonymous: boolean
}

const COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, phone, banned_until, is_anonymous, invited_at, confirmation_sent_at, recovery_sent_at,
  email_change, email_change_sent_at, email_change_confirm_status`

// GoTrue's instance_id for single-tenant installs.
const NIL_UUID = '00000000-0000-0000-0000-000000000000'

/** An identity as GoTrue lists it on a user. */
export interface IdentityJson {
  identity_id: string
  id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: 'email'
  last_sign_in_at?: string
  created_at: string
  updated_at: string
  email: string
}

/**
 * The e-mail identity GoTrue keeps for every account with an address (its provider id is the user
 * id). This backend has no auth.identities table, so it is derived from the account; its
 * identity_id is the user id too, the one value that stays the same.
 */
function emailIdentity(row: UserRow): IdentityJson {
  const email = row.email ?? ''
  return {
    identity_id: row.id,
    id: row.id,
    user_id: row.id,
    identity_data: { email, email_verified: row.email_confirmed_at !== null, phone_verified: false, sub: row.id },
    provider: 'email',
    last_sign_in_at: row.last_sign_in_at?.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    email,
  }
}

export function userJson(row: UserRow, factors: FactorRow[] = []): AuthUser {
  const iso = (d: Date | null) => (d ? d.toISOString() : undefined)
  return {
    id: row.id,
    aud: row.aud ?? 'authenticated',
    role: row.role ?? 'authenticated',
    email: row.email ?? '',
    email_confirmed_at: iso(row.email_confirmed_at),
    invited_at: iso(row.invited_at),
    confirmation_sent_at: iso(row.confirmation_sent_at),
    recovery_sent_at: iso(row.recovery_sent_at),
    ...(row.email_change ? { new_email: row.email_change } : {}),
    email_change_sent_at: iso(row.email_change_sent_at),
    phone: row.phone ?? '',
    confirmed_at: iso(row.email_confirmed_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    identities: row.email ? [emailIdentity(row)] : [],
    ...(factors.length > 0 ? { factors: factors.map(factorJson) } : {}),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    banned_until: iso(row.banned_until),
    is_anonymous: row.is_anonymous,
  }
}

export function isBanned(row: UserRow, now = new Date()): boolean {
  return row.banned_until !== null && row.banned_until > now
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

// GoTrue's check (checkmail.ValidateFormat): RFC 5322's atom characters before the @ (no comma,
// space, quote or angle bracket, so one string can never name two mailboxes) and DNS labels after it.
const EMAIL_FORMAT = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

export function isValidEmail(email: string): boolean {
  return email.length <= 255 && EMAIL_FORMAT.test(email)
}

/**
 * GoTrue's validateEmail: an address or its 400, lower-cased. Surrounding blanks are forgiven
 * (a pasted address), nothing inside it is.
 */
export function validatedEmail(raw: string): string {
  const email = raw.trim()
  if (email === '') throw new AuthError(400, 'validation_failed', 'An email address is required')
  if (email.length > 255) throw new AuthError(400, 'validation_failed', 'An email address is too long')
  if (!isValidEmail(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  return email.toLowerCase()
}

export async function findUserByEmail(tx: Transaction, email: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`select ${COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null`, [normalizeEmail(email)])
  return rows[0] ?? null
}

export async function findUserById(tx: Transaction, id: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`select ${COLUMNS} from auth.users where id = $1 and deleted_at is null`, [id])
  return rows[0] ?? null
}

export async function emailTaken(tx: Transaction, email: string): Promise<boolean> {
  // Soft-deleted accounts keep their address reserved, as the unique index does.
  const { rows } = await tx.query('select 1 from auth.users where lower(email) = $1', [normalizeEmail(email)])
  return rows.length > 0
}

export interface NewUser {
  email: string
  /** Already hashed (hashPassword); null for an account that cannot sign in with a password. */
  passwordHash: string | null
  confirmed: boolean
  appMetadata?: Record<string, unknown>
  userMetadata?: Record<string, unknown>
}

export async function insertUser(tx: Transaction, user: NewUser): Promise<UserRow> {
  // provider/providers are GoTrue's; callers cannot override them.
  const appMetadata = { ...(user.appMetadata ?? {}), provider: 'email', providers: ['email'] }
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (instance_id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, phone, is_anonymous)
     values ($1, 'authenticated', 'authenticated', $2, $3, case when $4::boolean then now() end, $5, $6, null, false)
     returning ${COLUMNS}`,
    [NIL_UUID, normalizeEmail(user.email), user.passwordHash, user.confirmed, JSON.stringify(appMetadata), JSON.stringify(user.userMetadata ?? {})],
  )
  return rows[0]
}

export async function recordSignIn(tx: Transaction, id: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`update auth.users set last_sign_in_at = now() where id = $1 returning ${COLUMNS}`, [id])
  return rows[0] ?? null
}

/** Replaces the hash `previous` with `next`, unless it changed since it was read (a newer password wins). */
export async function replacePasswordHash(tx: Transaction, id: string, previous: string, next: string): Promise<void> {
  await tx.query('update auth.users set encrypted_password = $3 where id = $1 and encrypted_password = $2', [id, previous, next])
}

export async function listUsers(tx: Transaction, page: number, perPage: number): Promise<{ users: UserRow[]; total: number }> {
  const total = await tx.query<{ count: number }>('select count(*)::int as count from auth.users where deleted_at is null')
  const { rows } = await tx.query<UserRow>(
    `select ${COLUMNS} from auth.users where deleted_at is null
     order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  )
  return { users: rows, total: total.rows[0].count }
}

export interface UserColumns {
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  banned_until: Date | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
}

/** Writes these columns of a live account; null when there is none. */
export async function updateUserRow(tx: Transaction, id: string, columns: UserColumns): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users set encrypted_password = $2, email_confirmed_at = $3, banned_until = $4,
       raw_app_meta_data = $5, raw_user_meta_data = $6, email = $7, updated_at = now()
     where id = $1 and deleted_at is null returning ${COLUMNS}`,
    [
      id,
      columns.encrypted_password,
      columns.email_confirmed_at,
      columns.banned_until,
      JSON.stringify(columns.raw_app_meta_data ?? {}),
      JSON.stringify(columns.raw_user_meta_data ?? {}),
      columns.email,
    ],
  )
  return rows[0] ?? null
}

/** Deletes the account; its sessions, refresh tokens and staff roles go with it (foreign keys cascade). */
export async function deleteUser(tx: Transaction, id: string): Promise<boolean> {
  const { rows } = await tx.query('delete from auth.users where id = $1 returning id', [id])
  return rows.length > 0
}

const ANY_ACCOUNT_SQL = 'select exists (select 1 from auth.users) as any'

/**
 * The first admin of a fresh data directory: when there is no account at all, creates it
 * (confirmed) and runs the project's `firstAdminSql` with its id as $1, in one transaction. Existing accounts are left
 * exactly as they are (passwords, roles), so restarting never undoes what the admins changed, and
 * a restored or moved data directory never gains an account with the configured (or default)
 * password. True when created.
 */
export async function ensureFirstAdmin(db: LocalDatabase, email: string, password: string, firstAdminSql: string | null): Promise<boolean> {
  if (!isValidEmail(normalizeEmail(email))) throw new Error(`ADMIN_EMAIL is not an e-mail address: "${email}"`)
  if ((await db.pg.query<{ any: boolean }>(ANY_ACCOUNT_SQL)).rows[0].any) return false
  const problem = checkPassword(password, readProjectAuthSettings().minimumPasswordLength ?? DEFAULT_AUTH_CONFIG.passwordMinLength)
  if (problem) throw new Error(`ADMIN_PASSWORD is not acceptable: ${problem.message}`)
  // Hash outside the transaction: PGlite serializes transactions, and the KDF takes ~100 ms.
  const passwordHash = await hashPassword(password)
  return db.asSystem(async (tx) => {
    if ((await tx.query<{ any: boolean }>(ANY_ACCOUNT_SQL)).rows[0].any) return false
    const user = await insertUser(tx, { email, passwordHash, confirmed: true })
    if (firstAdminSql) await tx.query(firstAdminSql, [user.id])
    return true
  })
}
