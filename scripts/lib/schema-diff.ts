// Prints the SQL that turns the first database's schema into the second's, as @pgkit/migra (a
// TypeScript port of migra) writes it, grants included; nothing when they agree. Run by
// scripts/db-diff.sh:  tsx scripts/lib/schema-diff.ts <from-url> <to-url>
import { run } from '@pgkit/migra'

const [from, to] = process.argv.slice(2)
if (!from || !to) {
  console.error('usage: tsx scripts/lib/schema-diff.ts <from-url> <to-url>')
  process.exit(2)
}
// Destructive statements (drops) are written too: the migration is reviewed by hand before it lands.
const migration = await run(from, to, { unsafe: true, withPrivileges: true })
// The client keeps its pool open, so the process is ended by hand, once a pipe has taken every byte
// (exiting at once cuts a migration longer than the pipe's buffer).
process.stdout.write(migration.sql, () => process.exit(0))
