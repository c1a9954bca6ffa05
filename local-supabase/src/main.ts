// Entry point of the local Supabase-compatible backend: `npm run backend` (and, through
// scripts/start.ts and scripts/dev.ts, `npm start` and `npm run dev`).
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { createApp, createRequestLog } from './app.ts'
import { useQuickHashes } from './auth/password.ts'
import { ensureFirstAdmin } from './auth/users.ts'
import { loadConfig, loadDotEnv, READY_PREFIX, type BackendConfig } from './config.ts'
import { scheduleDailyJobs, scheduleScheduledJobs } from './daily-jobs.ts'
import { LocalDatabase } from './db.ts'
import { serveDumps } from './dump-socket.ts'
import { TokenVerifier } from './identity.ts'
import { loadOrCreateKeys, watchKeys } from './keys.ts'
import { answerMalformedRequests, DRAIN_TIMEOUT_MS, InFlight } from './server-lifecycle.ts'

async function main(): Promise<void> {
  loadDotEnv()
  const config = loadConfig()
  if (config.quickHashes) useQuickHashes()
  const keys = await loadOrCreateKeys(config.dataDir)
  const db = await LocalDatabase.open(config.dataDir, { durable: config.durableCommits })
  await createFirstAdmin(db, config)

  if (config.testClock) console.log('TEST_CLOCK=1: the TOTP clock moves forward on POST /test/v1/clock (secret key); for tests only')
  if (config.quickHashes) console.log("TEST_QUICK_HASH=1: passwords are hashed at bcrypt's minimum cost (4), not Supabase Auth's (10); for tests only")

  const dailyJobs = config.dailySql ? scheduleDailyJobs(db, config.dailySql) : undefined
  const scheduledJobs = config.scheduledSql ? scheduleScheduledJobs(db, config.scheduledSql) : undefined

  // Before the ready line: a script that waits for it may ask for a dump at once.
  const dumps = await serveDumps(db, config.dataDir)
  const requestLog = config.logRequests ? await createRequestLog({ level: config.logLevel, pretty: config.logPretty }) : null
  const verifier = new TokenVerifier(keys, config.legacyApiKeys)
  const deps = { config, db, keys, verifier }
  // A signing key rotated or revoked (npm run keys) takes effect at once, without a restart.
  const keysWatcher = watchKeys(config.dataDir, (changed) => {
    deps.keys = changed
    verifier.useKeys(changed)
    console.log(`Signing keys reloaded: ${changed.signingKeys.map((key) => `${key.jwk.kid} (${key.status})`).join(', ')}`)
  })
  const app = createApp(deps, requestLog)
  if (!config.legacyApiKeys) console.log('LEGACY_API_KEYS=off: only the publishable and secret keys and ES256 tokens are accepted')
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info: AddressInfo) => {
    // The ready line comes last: whoever waits for it has then read everything announced before.
    console.log(`PUBLISHABLE_KEY=${keys.publishableKey}`)
    if (config.legacyApiKeys) console.log(`ANON_KEY=${keys.anonKey}`)
    console.log(`Data directory: ${config.dataDir}`)
    console.log(`${READY_PREFIX}http://${config.host}:${info.port}`)
  })

  answerMalformedRequests(server as Server)
  const requests = new InFlight()
  requests.watch(server as Server)

  stopOnSignals({
    server: server as Server,
    requests,
    db,
    stopChores: () => {
      clearInterval(dailyJobs)
      clearInterval(scheduledJobs)
      keysWatcher.close()
      dumps?.close()
    },
  })
}

/** Creates the first admin in a database that has none, and says so. */
async function createFirstAdmin(db: LocalDatabase, config: BackendConfig): Promise<void> {
  const created = await ensureFirstAdmin(db, config.adminEmail, config.adminPassword, config.firstAdminSql)
  if (!created) return
  console.log(
    config.adminFromDefaults
      ? `Created the first admin with the development defaults: ${config.adminEmail} / ${config.adminPassword} (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`
      : `Created the first admin: ${config.adminEmail}`,
  )
}

interface RunningBackend {
  server: Server
  requests: InFlight
  db: LocalDatabase
  /** Stops the timers and watchers that run beside the requests. */
  stopChores: () => void
}

/** On Ctrl-C or SIGTERM: no new connections, requests already received finish (bounded), then the database closes. */
function stopOnSignals({ server, requests, db, stopChores }: RunningBackend): void {
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping the local backend`)
    server.close()
    stopChores()
    server.closeIdleConnections()
    const finished = await requests.drained(DRAIN_TIMEOUT_MS)
    if (!finished) console.error(`Stopped with ${requests.count} request(s) still running after ${DRAIN_TIMEOUT_MS / 1000} s`)
    server.closeAllConnections()
    try {
      // Closing PGlite checkpoints the database, so the next start does not need recovery.
      await db.close()
      process.exit(0)
    } catch (error) {
      console.error('Closing the database failed:', error)
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error('The local backend could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
