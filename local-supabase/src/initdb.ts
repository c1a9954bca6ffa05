// Creates a new PGlite data directory and exits. Run in a child process by LocalDatabase.open:
// initdb's WebAssembly instance takes ~800 MB that a long-running process would never give back.
import { PGlite } from '@electric-sql/pglite'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: initdb.ts <pgdata directory>')
const pg = await PGlite.create(dataDir)
await pg.close()
