// A person with access to the back office: their account (Supabase Auth) and their one staff role
// (public.staff_roles; the roles themselves are rows of public.roles, see staff-role.ts).
import { z } from '~/lib/schemas'
import { emailRule } from './rules'

/** A role as the Staff screen offers it. */
export interface RoleOption {
  name: string
  label: string
}

/** A role's name as public.roles allows it; the database refuses one it does not hold. */
export const roleNameSchema = z.string().regex(/^[a-z][a-z_]{0,31}$/, 'Choose a role')

export type StaffStatus = 'active' | 'invited' | 'deactivated'

/** One row of the Staff screen. */
export interface StaffMember {
  id: string
  email: string
  name: string | null
  role: string | null
  twoFactor: boolean
  lastSignInAt: string | null
  status: StaffStatus
}

export const MIN_PASSWORD_LENGTH = 12

/**
 * The one password rule for staff accounts: at least 12 characters and not the account's own
 * e-mail (compared without case or surrounding spaces).
 */
export function passwordSchema(email: string) {
  return z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
    .refine((value) => value.trim().toLowerCase() !== email.trim().toLowerCase(), 'The password cannot be your e-mail address')
}

/** A new password typed twice. */
export function newPasswordSchema(email: string) {
  return z
    .object({ password: passwordSchema(email), confirm: z.string() })
    .refine((values) => values.password === values.confirm, { message: 'The passwords do not match', path: ['confirm'] })
}
export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>

export const inviteSchema = z.object({
  email: emailRule.transform((email) => email.toLowerCase()),
  role: roleNameSchema,
})
export type InviteValues = z.input<typeof inviteSchema>

export const displayNameSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(100, 'Use at most 100 characters'),
})
export type DisplayNameValues = z.infer<typeof displayNameSchema>

/** A 6-digit code from an authenticator app (spaces as some apps show them are ignored). */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
})
export type TotpCodeValues = z.input<typeof totpCodeSchema>
export const WRONG_CODE_MESSAGE = 'That code did not work. Enter the current code from your app.'

/** Each person may keep at most this many authenticator apps (a second phone as the backup). */
export const MAX_FACTORS = 2

export const staffMessages = {
  fetchFailed: 'Failed to fetch staff',
  invited: 'Invitation sent',
  inviteFailed: 'Failed to invite',
  alreadyStaff: 'That address already has an account',
  roleChanged: 'Role changed',
  roleFailed: 'Failed to change the role',
  deactivated: 'Account deactivated',
  deactivateFailed: 'Failed to deactivate the account',
  reactivated: 'Account reactivated',
  reactivateFailed: 'Failed to reactivate the account',
  removed: 'Staff member removed',
  removeFailed: 'Failed to remove the staff member',
  twoFactorReset: 'Two-factor reset',
  twoFactorResetFailed: 'Failed to reset two-factor',
  linkFailed: 'Failed to create the invite link',
  lastAdmin: 'The last active admin must stay an active admin',
  notYourself: 'You cannot do this to your own account here',
  empty: 'No staff found',
}

export const changePasswordSchema = (email: string) =>
  z
    .object({ current: z.string().min(1, 'Please enter your current password'), password: passwordSchema(email), confirm: z.string() })
    .refine((values) => values.password === values.confirm, { message: 'The passwords do not match', path: ['confirm'] })
export type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordSchema>>

export const authenticatorNameSchema = z.object({
  name: z.string().trim().min(1, 'Name this authenticator (e.g. "Work phone")').max(60, 'Use at most 60 characters'),
})
export type AuthenticatorNameValues = z.infer<typeof authenticatorNameSchema>

export const accountMessages = {
  nameSaved: 'Name saved',
  nameFailed: 'Failed to save the name',
  passwordChanged: 'Password changed',
  passwordFailed: 'Failed to change the password',
  wrongCurrent: 'The current password is not right',
  signedOutOthers: 'Signed out of all other sessions',
  signOutOthersFailed: 'Failed to sign out the other sessions',
  factorAdded: 'Two-factor is on',
  factorFailed: 'Failed to set up two-factor',
  factorLimit: `You already have ${MAX_FACTORS} authenticator apps. Remove one first.`,
  factorRemoved: 'Authenticator removed',
  factorRemoveFailed: 'Failed to remove the authenticator',
  wrongCode: 'That code did not work. Enter the current code from your app.',
  fetchFailed: 'Failed to fetch your account',
}
