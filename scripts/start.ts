// `npm start`: builds the web app when its sources changed, starts the local backend (unless a
// hosted project is configured) and serves the site on http://localhost:3000 (PORT) with the web
// server in server/.
import { resolveDataDir } from '../local-supabase/src/config.ts'
import { resolveSupabase, runBeside } from './lib/backend.ts'
import { buildDir, ensureWebBuild, WEB_SERVER_NODE_FLAGS } from './lib/web-build.ts'

let serverEntry: string
try {
  serverEntry = await ensureWebBuild()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

// The local backend's e-mailed links lead to the site, which proxies its /auth/v1.
const siteOrigin = (process.env.SITE_URL?.trim() || `http://localhost:${process.env.PORT || '3000'}`).replace(/\/+$/, '')
process.env.API_EXTERNAL_URL ||= `${siteOrigin}/auth/v1`
const target = await resolveSupabase()
runBeside(target, process.execPath, [...WEB_SERVER_NODE_FLAGS, serverEntry], {
  PORT: process.env.PORT || '3000',
  NODE_ENV: 'production',
  BUILD_DIR: buildDir,
  // glibc's default of one malloc arena per thread keeps memory that compression and rendering
  // freed; two arenas give it back (see docs/web-server.md).
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2',
  // Lead e-mails are written under DATA_DIR/mail/ when there is no SMTP_URL, beside the backend's.
  DATA_DIR: resolveDataDir(),
  // The local backend stays on loopback; the browser reaches its APIs through the site's origin.
  ...(target.child ? { SUPABASE_PROXY: '1' } : {}),
  // The web server's chores and staff actions use it; it never reaches a page or asset.
  ...(target.keys ? { SUPABASE_SECRET_KEY: target.keys.secret } : {}),
})
