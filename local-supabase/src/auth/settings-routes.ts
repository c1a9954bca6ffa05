// What the auth API says about itself: its settings, health and signing keys (the JWKS), and
// GoTrue's own "disabled" answers for the features this product keeps off (sign-up, OAuth, linking
// identities and SSO).
import type { Context } from 'hono'
import { AuthError } from './errors.ts'
import { requireUser } from './guard.ts'
import type { AuthKit } from './kit.ts'
import { optionalString, readJson, type Json } from './request.ts'

const OFF_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
  'phone',
]

/** GoTrue's GET /settings for this product: e-mail + password only, sign-up off. */
export function settings(_kit: AuthKit, c: Context): Response {
  const external: Json = { email: true }
  for (const name of OFF_PROVIDERS) external[name] = false
  return c.json({ external, disable_signup: true, mailer_autoconfirm: false, phone_autoconfirm: false, sms_provider: '', saml_enabled: false })
}

export function health(_kit: AuthKit, c: Context): Response {
  return c.json({ version: 'local', name: 'GoTrue', description: 'Local Supabase-compatible auth API' })
}

/**
 * GoTrue's GET /.well-known/jwks.json: the public half of every signing key not revoked (the current
 * one and those that signed tokens still in use), cached by clients for ten minutes, as GoTrue says.
 */
export function jwks(kit: AuthKit, c: Context): Response {
  c.header('Cache-Control', 'public, max-age=600')
  return c.json(kit.deps.verifier.jwks())
}

export async function signup(_kit: AuthKit, c: Context): Promise<Response> {
  const body = await readJson(c)
  // GoTrue sends a request with neither address nor phone to anonymous sign-in, off here.
  if (optionalString(body, 'email') === '' && optionalString(body, 'phone') === '') {
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
  }
  // Staff accounts are made with the secret key (npm run admin:create); see spec/decisions.md.
  throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
}

export function authorize(_kit: AuthKit, c: Context): never {
  const provider = (c.req.query('provider') ?? '').slice(0, 40)
  throw new AuthError(400, 'validation_failed', `Unsupported provider: provider ${provider} could not be found`)
}

/**
 * GET /user/identities/authorize and DELETE /user/identities/{id} (supabase-js linkIdentity,
 * unlinkIdentity): for a signed-in person, GoTrue's answer with manual linking off.
 */
export async function identityLinking(kit: AuthKit, c: Context): Promise<never> {
  await requireUser(c, kit.deps)
  throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled')
}

export function sso(): never {
  throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled')
}
