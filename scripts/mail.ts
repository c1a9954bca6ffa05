// `npm run mail [-- N]`: the newest N (default 10) messages the local backend saved in
// DATA_DIR/mail/ (when no SMTP_URL is set), newest first, with their links.
import { loadDotEnv, resolveDataDir } from '../local-supabase/src/config.ts'
import { readMailbox } from '../local-supabase/src/mail/mailbox.ts'

loadDotEnv()
const raw = process.argv[2]
const limit = raw === undefined ? 10 : Number(raw)
if (!Number.isInteger(limit) || limit < 1) {
  console.error(`Usage: npm run mail [-- N]   (N: how many of the newest messages, default 10; got "${raw}")`)
  process.exit(2)
}
const dataDir = resolveDataDir()
const messages = await readMailbox(dataDir, limit)
if (messages.length === 0) {
  console.log(`No e-mail in ${dataDir}/mail yet.`)
} else {
  for (const message of messages) {
    console.log(`${message.date}  to ${message.to}  "${message.subject}"`)
    for (const link of message.links) console.log(`    ${link}`)
    console.log(`    (${message.file})`)
  }
}
