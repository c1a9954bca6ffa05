// The web server's process: loads the React Router build, serves it on PORT, and stops cleanly on
// Ctrl-C (SIGINT) or SIGTERM: it stops accepting, lets running requests finish for a few seconds,
// then exits without a stack trace. With WEB_CONCURRENCY > 1 this process becomes the primary of
// that many workers (cluster.ts), each of which runs the same file and serves; the chores that must
// run once per server (removing unclaimed CVs, applying retention periods, sending new-lead
// e-mails and newsletter confirmations, purging changed pages at the caches in front, archiving the
// files the publication record names) run in the primary.
import cluster from 'node:cluster'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { serve } from '@hono/node-server'
import type { ServerBuild } from 'react-router'
import { createSiteApp } from './app.ts'
import { runPrimary } from './cluster.ts'
import { readConfig, type ServerConfig } from './config.ts'
import { keySourcesLine } from '../src/lib/project-keys.ts'
import { scheduleCvCleanup } from './cv-cleanup.ts'
import { configureLog } from './log.ts'
import { scheduleMail } from './mail-outbox.ts'
import { schedulePublicationFiles } from './publication-files.ts'
import { schedulePurgeSender } from './purge-sender.ts'
import { purgeTargetsFrom } from './purge-targets.ts'
import { startProcessMetrics } from './metrics.ts'
import { scheduleRetention } from './retention.ts'
import { createServerParts } from './server-parts.ts'
import { StaticFiles } from './static-files.ts'
import { createServiceClient } from '../src/lib/supabase.server.ts'
import { listenForTestClock } from './test-clock.ts'

const GRACE_MS = 5000

// A request's headers must have arrived within 10 s of its connection, or of the previous answer on
// it (Node checks every second), so a client that trickles headers holds no connection for long;
// bodies have deadlines of their own (request-body.ts).
const HEADER_DEADLINE = { headersTimeout: 10_000, connectionsCheckingInterval: 1000 }

const config = readConfig()
configureLog({ level: config.LOG_LEVEL, pretty: (config.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty' })

if (cluster.isPrimary) console.log(keySourcesLine())

// Workers' channel is the cluster's own: only the process a test started takes clock moves.
if (config.TEST_CLOCK && cluster.isPrimary) listenForTestClock()

if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
  runPrimary(config.WEB_CONCURRENCY)
  startChores(config)
} else {
  startProcessMetrics()
  await serveSite(config)
  if (cluster.isPrimary) startChores(config)
}

function startChores(config: ServerConfig): void {
  const key = config.SUPABASE_SECRET_KEY
  if (!key) {
    console.warn('CVs that no application references are not removed: set SUPABASE_SECRET_KEY')
    console.warn('E-mails (new leads, reviews, newsletter confirmations) are not sent: set SUPABASE_SECRET_KEY')
    console.warn('Retention periods for personal data are not applied: set SUPABASE_SECRET_KEY')
    console.warn('Files the publication record names are not archived: set SUPABASE_SECRET_KEY')
    console.warn(
      `Changed pages are not purged: set SUPABASE_SECRET_KEY (until then pages are shared for PAGE_CACHE_MS, ${config.PAGE_CACHE_MS} ms, here and in caches in front)`,
    )
    return
  }
  const targets = purgeTargetsFrom(config)
  schedulePurgeSender(createServiceClient(config.SUPABASE_URL, key, 'purge-sender'), targets)
  if (targets.length > 0) console.log(`Changed pages are purged at ${targets.map((target) => target.name).join(', ')}`)
  scheduleCvCleanup(config.SUPABASE_URL, key)
  scheduleRetention(config.SUPABASE_URL, key)
  schedulePublicationFiles(config.SUPABASE_URL, key)
  const mail = {
    supabaseUrl: config.SUPABASE_URL,
    serviceRoleKey: key,
    siteOrigin: config.SITE_URL ? new URL(config.SITE_URL).origin : `http://localhost:${config.PORT}`,
    from: config.MAIL_FROM,
    smtpUrl: config.SMTP_URL,
    mailDir: path.resolve(config.DATA_DIR, 'mail'),
  }
  scheduleMail(mail)
}

async function serveSite(config: ServerConfig): Promise<void> {
  const buildDir = path.resolve(config.BUILD_DIR)
  const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild
  // Every browser file and its compressed forms, in memory before the first visitor arrives.
  const files = await StaticFiles.load(path.join(buildDir, 'client'))
  const app = createSiteApp(createServerParts({ build, files, config }))

  // Request bodies are read or discarded by the app itself (form-posts.ts), not cut off after half a second.
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST, autoCleanupIncoming: false, serverOptions: HEADER_DEADLINE }, (info) => {
    const shown = info.family === 'IPv6' && info.address === '::' ? 'localhost' : info.address === '0.0.0.0' ? 'localhost' : info.address
    console.log(`Web server listening on http://${shown}:${info.port}${config.SUPABASE_PROXY ? ' (Supabase APIs proxied on the same origin)' : ''}`)
  })

  let stopping = false
  function stop(signal: string): void {
    if (stopping) return
    stopping = true
    console.log(`Web server stopping (${signal})…`)
    const force = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections()
      process.exit(0)
    }, GRACE_MS)
    force.unref()
    if ('closeIdleConnections' in server) server.closeIdleConnections()
    server.close(() => {
      clearTimeout(force)
      process.exit(0)
    })
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}
