// E-mails a local backend without SMTP_URL saved in DATA_DIR/mail, as tests read them: waited for,
// since the backend answers before the message is written.
import { readMailbox, type StoredMail } from '../../local-supabase/src/mail/mailbox.ts'

/** The newest e-mail to `to` (that `matches`), once it is there (within `timeoutMs`). */
export async function mailTo(dataDir: string, to: string, matches: (mail: StoredMail) => boolean = () => true, timeoutMs = 15_000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mail = (await readMailbox(dataDir, 50)).find((message) => message.to.includes(to) && matches(message))
    if (mail) return mail
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in ${dataDir}/mail`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const isAuthLink = (link: string) => link.includes('/verify?')

/** The Supabase Auth action link (/verify?…) of the newest e-mail to `to` holding one (it names the site too). */
export async function authLinkMailedTo(dataDir: string, to: string): Promise<string> {
  const mail = await mailTo(dataDir, to, (message) => message.links.some(isAuthLink))
  return mail.links.find(isAuthLink) as string
}
