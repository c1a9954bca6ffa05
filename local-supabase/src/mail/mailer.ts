// Sending e-mail: through SMTP when SMTP_URL is set, otherwise into DATA_DIR/mail/ as one .eml file
// per message (named <UTC timestamp>-<random>.eml, so names sort by time), so an install without a
// mail server still gets its invitation and recovery links (npm run mail lists them). The log names
// the file, never a link or code: a log is read and kept by more people than DATA_DIR.
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Transporter } from 'nodemailer'

export interface OutgoingMail {
  to: string
  subject: string
  html: string
  text: string
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
}

export interface MailerOptions {
  dataDir: string
  /** smtp:// or smtps:// URL with credentials; empty: write files. */
  smtpUrl?: string
  from: string
}

export function mailDir(dataDir: string): string {
  return path.join(dataDir, 'mail')
}

/** `20261125T093012345Z-1a2b3c4d.eml`: the UTC time to the millisecond, then 4 random bytes. */
export function mailFileName(at: Date = new Date()): string {
  const stamp = at.toISOString().replace(/[-:.]/g, '')
  return `${stamp}-${randomBytes(4).toString('hex')}.eml`
}

/** The http(s) links of a plain-text body, each once, in order. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])]
}

/** nodemailer loads with the first message, not at start: most backends never send one. */
function lazyTransport(create: (mailer: typeof import('nodemailer').default) => Transporter): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined
  return () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => create(nodemailer)))
}

export function createMailer(options: MailerOptions): Mailer {
  const smtpUrl = options.smtpUrl?.trim()
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl))
    return {
      async send(mail) {
        await (await transport()).sendMail({ from: options.from, ...mail })
      },
    }
  }
  const files = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }))
  const dir = mailDir(options.dataDir)
  return {
    async send(mail) {
      const info = await (await files()).sendMail({ from: options.from, ...mail })
      await mkdir(dir, { recursive: true, mode: 0o700 })
      const file = path.join(dir, mailFileName())
      // Only its owner reads it: it holds sign-in links.
      await writeFile(file, info.message as Buffer, { mode: 0o600 })
      console.log(`E-mail to ${mail.to} ("${mail.subject}") saved as ${file}; npm run mail lists its links`)
    },
  }
}
