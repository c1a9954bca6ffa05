// /auth/v1: the part of GoTrue's HTTP API that supabase-js uses for this product (password sign-in,
// sign-in by e-mailed link or code, refresh, current user and its password, sign-out, e-mail links,
// TOTP factors), the admin user
// endpoints that scripts and the back office call with the secret key, and the signing keys'
// JWKS. Request and response shapes are GoTrue's, so the real client works unchanged. Each route
// group is a module of top-level handlers taking the kit (kit.ts); this file only wires them.
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { BackendDeps } from '../deps.ts'
import { createUser, deleteUserById, getUserById, listAllUsers, updateUserById } from './admin-routes.ts'
import { loadAuthConfig, type AuthConfig } from './config.ts'
import { AuthError, authErrorResponse } from './errors.ts'
import { requireApiKey } from './guard.ts'
import { createKit, type AuthKit } from './kit.ts'
import { generateLink, invite, recover, resend, verifyLink, verifyPost } from './link-routes.ts'
import { challenge, deleteUserFactor, enroll, listUserFactors, unenroll, verifyFactor } from './mfa-routes.ts'
import { magicLink, otp } from './otp-routes.ts'
import { authorize, health, identityLinking, jwks, settings, signup, sso } from './settings-routes.ts'
import { token } from './token-routes.ts'
import { getUser, logout, reauthenticate, updateUser } from './user-routes.ts'

type Handler = (kit: AuthKit, c: Context) => Response | Promise<Response>

/** Paths a browser opens without an API key, as Supabase's gateway lets them through. */
function isKeyless(c: Context): boolean {
  return c.req.method === 'GET' && (c.req.path.endsWith('/verify') || c.req.path.endsWith('/.well-known/jwks.json'))
}

export function createAuthRoutes(deps: BackendDeps, config: AuthConfig = loadAuthConfig()): Hono {
  const kit = createKit(deps, config)
  const routes = new Hono()
  const on = (handler: Handler) => (c: Context) => handler(kit, c)

  routes.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error)
    console.error(`${c.req.method} ${new URL(c.req.url).pathname} failed:`, error)
    return authErrorResponse(c, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'))
  })
  const apiKey = requireApiKey(deps)
  routes.use((c, next) => (isKeyless(c) ? next() : apiKey(c, next)))
  routes.use(
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => authErrorResponse(c, new AuthError(413, 'validation_failed', 'Request body too large')),
    }),
  )

  routes.post('/token', on(token))
  routes.get('/user', on(getUser))
  routes.put('/user', on(updateUser))
  routes.get('/user/identities/authorize', on(identityLinking))
  routes.delete('/user/identities/:id', on(identityLinking))
  routes.get('/reauthenticate', on(reauthenticate))
  routes.post('/logout', on(logout))

  routes.post('/recover', on(recover))
  routes.post('/resend', on(resend))
  routes.post('/verify', on(verifyPost))
  routes.get('/verify', on(verifyLink))
  routes.post('/invite', on(invite))

  routes.post('/factors', on(enroll))
  routes.post('/factors/:id/challenge', on(challenge))
  routes.post('/factors/:id/verify', on(verifyFactor))
  routes.delete('/factors/:id', on(unenroll))

  routes.get('/settings', on(settings))
  routes.get('/health', on(health))
  routes.get('/.well-known/jwks.json', on(jwks))
  routes.post('/signup', on(signup))
  routes.post('/otp', on(otp))
  routes.post('/magiclink', on(magicLink))
  routes.get('/authorize', on(authorize))
  routes.post('/sso', on(sso))

  routes.post('/admin/users', on(createUser))
  routes.get('/admin/users', on(listAllUsers))
  routes.post('/admin/generate_link', on(generateLink))
  routes.get('/admin/users/:id/factors', on(listUserFactors))
  routes.delete('/admin/users/:id/factors/:fid', on(deleteUserFactor))
  routes.get('/admin/users/:id', on(getUserById))
  routes.put('/admin/users/:id', on(updateUserById))
  routes.delete('/admin/users/:id', on(deleteUserById))

  return routes
}
