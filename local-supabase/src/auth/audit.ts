// auth.audit_log_entries as GoTrue writes them: one row per account event, its payload
// {action, actor_id, actor_username, actor_via_sso, log_type, traits?}. Admin actions made with the
// service-role key name the role as the actor, with the nil id, as GoTrue does.
import { randomUUID } from 'node:crypto'
import type { Transaction } from '../db.ts'
import type { UserRow } from './users.ts'

export type AuditAction =
  | 'login'
  | 'logout'
  | 'user_invited'
  | 'user_signedup'
  | 'user_deleted'
  | 'user_modified'
  | 'user_recovery_requested'
  | 'user_reauthenticate_requested'
  | 'user_confirmation_requested'
  | 'user_updated_password'
  | 'token_refreshed'
  | 'factor_in_progress'
  | 'factor_unenrolled'
  | 'challenge_created'
  | 'verification_attempted'
  | 'factor_deleted'

const LOG_TYPES: Record<AuditAction, string> = {
  login: 'account',
  logout: 'account',
  user_invited: 'team',
  user_signedup: 'team',
  user_deleted: 'team',
  user_modified: 'user',
  user_recovery_requested: 'user',
  user_reauthenticate_requested: 'user',
  user_confirmation_requested: 'user',
  user_updated_password: 'user',
  token_refreshed: 'token',
  factor_in_progress: 'factor',
  factor_unenrolled: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
  factor_deleted: 'factor',
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000'

/** The service-role key acting through the admin API. */
export const SERVICE_ROLE_ACTOR = 'service_role'

export async function recordAudit(
  tx: Transaction,
  actor: UserRow | typeof SERVICE_ROLE_ACTOR,
  action: AuditAction,
  traits?: Record<string, unknown>,
  ipAddress = '',
): Promise<void> {
  const payload: Record<string, unknown> =
    actor === SERVICE_ROLE_ACTOR
      ? { actor_id: NIL_UUID, actor_via_sso: false, actor_username: SERVICE_ROLE_ACTOR }
      : { actor_id: actor.id, actor_via_sso: false, actor_username: actor.email ?? '' }
  payload.action = action
  payload.log_type = LOG_TYPES[action]
  const fullName = actor === SERVICE_ROLE_ACTOR ? undefined : actor.raw_user_meta_data?.full_name
  if (fullName !== undefined) payload.actor_name = fullName
  if (traits) payload.traits = traits
  await tx.query('insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address) values ($1, $2, $3, now(), $4)', [
    NIL_UUID,
    randomUUID(),
    JSON.stringify(payload),
    ipAddress.slice(0, 64),
  ])
}
