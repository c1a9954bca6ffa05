// Dumps of a running backend. One process owns a PGlite data directory, so `npm run db:dump` asks
// the backend that holds it, over a Unix socket in DATA_DIR (mode 0600): only the account that can
// already read DATA_DIR (the database files, the keys) can connect; nothing is exposed on the
// network port. When no backend listens there, the data directory is opened directly.
import { existsSync } from 'node:fs'
import { chmod, rm } from 'node:fs/promises'
import { createConnection, createServer, type Server } from 'node:net'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { LocalDatabase } from './db.ts'
import { dumpData, type Dump } from './dump.ts'

export const DUMP_SOCKET = 'backend.sock'

/** Listens on DATA_DIR/backend.sock; each connection gets one dump. Null when the socket cannot be made. */
export async function serveDumps(db: LocalDatabase, dataDir: string): Promise<Server | null> {
  const socketPath = path.join(dataDir, DUMP_SOCKET)
  // A socket file left by a backend that was killed: this process owns the data directory now.
  await rm(socketPath, { force: true })
  const server = createServer((connection) => {
    connection.on('error', () => connection.destroy())
    db.asSystem((tx) => dumpData(tx)).then(
      (dump) => connection.end(`ok ${JSON.stringify({ summary: dump.summary, objects: dump.objects })}\n${dump.sql}`),
      (error: unknown) => {
        console.error('db:dump failed:', error)
        connection.end(`error ${error instanceof Error ? error.message : String(error)}\n`)
      },
    )
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(socketPath, resolve)
    })
    await chmod(socketPath, 0o600)
    return server
  } catch (error) {
    // e.g. a DATA_DIR path longer than a socket path may be (about 100 bytes).
    console.error(`No dump socket at ${socketPath} (${(error as Error).message}): stop the backend to run db:dump`)
    server.close()
    return null
  }
}

function parseReply(reply: string): Dump {
  const newline = reply.indexOf('\n')
  const status = reply.slice(0, newline < 0 ? reply.length : newline)
  if (!status.startsWith('ok ')) throw new Error(`the running backend could not dump: ${status.replace(/^error /, '')}`)
  return { ...(JSON.parse(status.slice(3)) as Omit<Dump, 'sql'>), sql: reply.slice(newline + 1) }
}

/** A dump from the backend that holds `dataDir`; null when none is running there. */
export function requestDump(dataDir: string): Promise<Dump | null> {
  const socketPath = path.join(dataDir, DUMP_SOCKET)
  if (!existsSync(socketPath)) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const connection = createConnection(socketPath)
    connection.on('data', (chunk: Buffer) => chunks.push(chunk))
    connection.on('end', () => {
      try {
        resolve(parseReply(Buffer.concat(chunks).toString('utf8')))
      } catch (error) {
        reject(error as Error)
      }
    })
    connection.on('error', (error: NodeJS.ErrnoException) => {
      // A socket file without a listener: the backend that made it has stopped.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(null)
      else reject(error)
    })
  })
}

/** A dump of a data directory no backend holds, read in one transaction. */
export async function dumpStoppedDataDir(dataDir: string): Promise<Dump> {
  const pgdata = path.join(dataDir, 'pgdata')
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`No local database in ${dataDir}`)
  const pg = await PGlite.create(pgdata)
  try {
    return await pg.transaction((tx) => dumpData(tx))
  } finally {
    await pg.close()
  }
}

/** A consistent dump of DATA_DIR, from the running backend when there is one. */
export async function dumpDataDir(dataDir: string): Promise<Dump> {
  return (await requestDump(dataDir)) ?? dumpStoppedDataDir(dataDir)
}
