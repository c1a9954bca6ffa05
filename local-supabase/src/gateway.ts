// What Supabase's API gateway answers itself, before REST, Auth or Storage see a request, about the
// kind of API key it carries: a secret key sent by a browser, and a legacy key once legacy keys are
// off. Both are 401s in the gateway's own shape ({message, hint}), the same on every API.
import type { MiddlewareHandler } from 'hono'
import { apiKeyOf, type TokenVerifier } from './identity.ts'

/**
 * Supabase's rule for secret keys: a request whose User-Agent is a browser's is refused, since a
 * secret key that reaches a browser has leaked. Every browser's User-Agent starts with `Mozilla/`
 * (so do some scripting hosts that pose as one, which Supabase refuses alike); Node's fetch, curl
 * and the server-side clients send their own names.
 */
export function isBrowserUserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && /^Mozilla\//i.test(userAgent.trim())
}

export const SECRET_KEY_IN_BROWSER = {
  message: 'Forbidden use of secret API key in browser',
  hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
}

export const LEGACY_KEYS_DISABLED = { message: 'Legacy API keys are disabled' }

export function apiKeyGateway(verifier: TokenVerifier): MiddlewareHandler {
  return async (c, next) => {
    const apikey = c.req.method === 'OPTIONS' ? undefined : apiKeyOf(c)
    if (apikey) {
      const kind = verifier.apiKeyKind(apikey)
      if (kind === 'secret' && isBrowserUserAgent(c.req.header('user-agent'))) {
        c.header('sb-error-code', 'UNAUTHORIZED_INVALID_API_KEY_TYPE')
        return c.json(SECRET_KEY_IN_BROWSER, 401)
      }
      if (kind === 'legacy_disabled') {
        return c.json(LEGACY_KEYS_DISABLED, 401)
      }
    }
    await next()
  }
}
