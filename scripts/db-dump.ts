// `npm run db:dump -- --out FILE`: the local data (content, leads, page views, staff accounts,
// storage object rows) as one SQL file, taken at one moment, while the backend runs or not.
// docs/deploy.md loads it into a Supabase project; `npm run db:restore -- FILE` into a local one.
import { rename, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { loadConfig, loadDotEnv } from '../local-supabase/src/config.ts'
import { describeRows, takeDump } from './lib/local-data.ts'

const USAGE = 'Usage: npm run db:dump -- --out <file.sql>'

let out: string | undefined
try {
  out = parseArgs({ options: { out: { type: 'string' } }, strict: true }).values.out
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`)
  process.exit(2)
}
if (!out) {
  console.error(USAGE)
  process.exit(2)
}

loadDotEnv()
const config = loadConfig()
try {
  const dump = await takeDump(config)
  // Written beside and renamed: a reader never sees half a dump.
  await writeFile(`${out}.partial`, dump.sql, { mode: 0o600 })
  await rename(`${out}.partial`, out)
  console.log(`Dumped ${config.dataDir} to ${out}: ${describeRows(dump.summary.rows)}`)
  if (dump.summary.localOnlyHashes.length > 0) {
    console.warn(
      `These accounts still have a password hash only the local backend reads; each signs in here once (it is then re-hashed) or resets their password after the move: ${dump.summary.localOnlyHashes.join(', ')}`,
    )
  }
} catch (error) {
  console.error(`db:dump failed: ${(error as Error).message}`)
  process.exit(1)
}
