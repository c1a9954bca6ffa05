// Entry point of the local Supabase-compatible backend: `npm run backend` (and, through
// scripts/start.ts and scripts/dev.ts, `npm start` and `npm run dev`).
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { ensureFirstAdmin } from './auth/users.ts'
import { loadConfig, loadDotEnv, READY_PREFIX } from './config.ts'
import { LocalDatabase } from './db.ts'
import { TokenVerifier } from './identity.ts'
import { loadOrCreateKeys } from './keys.ts'

async function main(): Promise<void> {
  loadDotEnv()
  const config = loadConfig()
  const keys = await loadOrCreateKeys(config.dataDir)
  const db = await LocalDatabase.open(config.dataDir)
  const created = await ensureFirstAdmin(db, config.adminEmail, config.adminPassword)
  if (created) {
    console.log(
      config.adminFromDefaults
        ? `Created the first admin with the development defaults: ${config.adminEmail} / ${config.adminPassword} (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`
        : `Created the first admin: ${config.adminEmail}`,
    )
  }

  const app = createApp({ config, db, keys, verifier: new TokenVerifier(keys.jwtSecret) })
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info: AddressInfo) => {
    console.log(`${READY_PREFIX}http://${config.host}:${info.port}`)
    console.log(`ANON_KEY=${keys.anonKey}`)
    console.log(`Data directory: ${config.dataDir}`)
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping the local backend`)
    server.close()
    // Closing PGlite checkpoints the database, so the next start does not need recovery.
    db.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Closing the database failed:', error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error('The local backend could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
