// Sign-in by e-mail, as GoTrue's POST /otp (supabase-js signInWithOtp) and the older POST /magiclink
// answer it: a known, confirmed address is e-mailed a sign-in link and a 6-digit code (the
// magic_link template), which /verify takes with type `magiclink` (the link) or `email` (the code)
// and answers with a session. An address with no account would be signed up by GoTrue; sign-up is
// off here, so it gets GoTrue's answer for that (as on a hosted project with sign-up off, the
// answer tells whether the address has an account). Phone sign-in is off.
import type { Context } from 'hono'
import { recordAudit } from './audit.ts'
import { AuthError } from './errors.ts'
import type { AuthKit } from './kit.ts'
import { admitEmail, landingFor, refusePkce, sendLinkMail } from './link-routes.ts'
import { assertCanResend, issueLink } from './links.ts'
import { optionalString, readJson, type Json } from './request.ts'
import { findUserByEmail, validatedEmail } from './users.ts'

const SIGNUP_DISABLED = () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')

/** POST /otp: `{email | phone, create_user = true, data, channel}`; `redirect_to` in the query. */
export async function otp(kit: AuthKit, c: Context): Promise<Response> {
  const body = await readJson(c)
  const email = optionalString(body, 'email')
  const phone = optionalString(body, 'phone')
  if (email !== '' && phone !== '') throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided')
  if (email !== '' && optionalString(body, 'channel') !== '') {
    throw new AuthError(400, 'validation_failed', 'Channel should only be specified with Phone OTP')
  }
  refusePkce(body)
  if (phone !== '') throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider')
  if (email === '') throw new AuthError(400, 'validation_failed', 'One of email or phone must be set')
  // shouldCreateUser: false, for an address with no account: GoTrue's refusal, before anything is sent.
  if (body.create_user === false) {
    const address = validatedEmail(email)
    const known = await kit.deps.db.asSystem((tx) => findUserByEmail(tx, address))
    if (!known) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
  }
  return sendSignInLink(kit, c, body)
}

/** POST /magiclink: the same e-mail, without `create_user`. */
export async function magicLink(kit: AuthKit, c: Context): Promise<Response> {
  const body = await readJson(c)
  refusePkce(body)
  return sendSignInLink(kit, c, body)
}

async function sendSignInLink(kit: AuthKit, c: Context, body: Json): Promise<Response> {
  const { deps, config } = kit
  if (optionalString(body, 'email').trim() === '') throw new AuthError(422, 'validation_failed', 'Password recovery requires an email')
  const email = validatedEmail(optionalString(body, 'email'))
  const redirectTo = landingFor(config, 'magiclink', c.req.query('redirect_to') ?? '')
  await admitEmail(kit, c, email)
  const issued = await deps.db.asSystem(async (tx) => {
    const user = await findUserByEmail(tx, email)
    // GoTrue signs up an address with no account, or one never confirmed (an invitation not accepted).
    if (!user?.email_confirmed_at) throw SIGNUP_DISABLED()
    // A sign-in link shares the recovery link's slot and clock, as in GoTrue.
    await assertCanResend(tx, user.id, 'magiclink', config.emailMaxFrequencySeconds)
    await recordAudit(tx, user, 'user_recovery_requested')
    return issueLink(tx, user, 'magiclink', kit.codeCheck().secret)
  })
  try {
    await sendLinkMail(kit, c, 'magiclink', email, issued, redirectTo)
  } catch (error) {
    console.error('Sending a sign-in e-mail failed:', error)
    throw new AuthError(500, 'unexpected_failure', 'Error sending magic link email')
  }
  return c.json({})
}
