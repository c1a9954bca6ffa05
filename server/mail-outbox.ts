// Every e-mail the product sends goes through one outbox: the database queues a row in mail_outbox
// (kind, the row it is about, recipient, payload) in the transaction that owes it: a lead, a review
// request or decision, a newsletter sign-up. This sender, in the one process of the web server that
// runs chores, claims what is due every few seconds (claim_mail: the payload comes back completed
// with what the kind's e-mail says), composes it with the kind's composer, sends it, and tells the
// database how it went. A failure is retried later with a growing delay (finish_mail), and a claim
// is a lease, so a crash or restart mid-send only delays an e-mail. No visitor waits for any of this.
//
// With SMTP_URL the e-mail goes through that server (nodemailer); without it, it is written as an
// .eml file in DATA_DIR/mail/ named `<UTC timestamp>-<short random>.eml`, as the local backend's
// auth e-mails are.
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Database } from '../src/lib/database.types.ts'
import type { Db } from '../src/lib/supabase.ts'
import { createServiceClient } from '../src/lib/supabase.server.ts'
import { contactMessageMail, contentReviewMail, jobApplicationMail } from './lead-mail.ts'
import type { Composer, Mail } from './mail-composer.ts'
import { mailFailures, mailPending, mailSent } from './metrics.ts'
import { newsletterConfirmationMail } from './newsletter-mail.ts'

export const MAIL_INTERVAL_MS = 5000
const BATCH = 10

export type ClaimedMail = Database['public']['Functions']['claim_mail']['Returns'][number]

/** The composer of each kind mail_outbox.kind allows. */
const composers = {
  contact_message: contactMessageMail,
  job_application: jobApplicationMail,
  content_review: contentReviewMail,
  newsletter_confirmation: newsletterConfirmationMail,
}

function composeWith<Payload>(composer: Composer<Payload>, claimed: ClaimedMail, siteOrigin: string): Mail {
  const parsed = composer.payload.safeParse(claimed.payload)
  if (!parsed.success) throw new Error(`the ${claimed.kind} e-mail's payload is not what its composer reads: ${parsed.error.message}`)
  return composer.compose(parsed.data, claimed.recipient, siteOrigin)
}

/** The e-mail of one claimed row; throws for a kind without a composer or a payload it cannot read. */
export function composeMail(claimed: ClaimedMail, siteOrigin: string): Mail {
  if (!Object.hasOwn(composers, claimed.kind)) throw new Error(`no composer for e-mails of kind ${claimed.kind}`)
  return composeWith<unknown>(composers[claimed.kind as keyof typeof composers] as Composer<unknown>, claimed, siteOrigin)
}

/** `20261125T095512345Z-1a2b3c4d.eml`, as the local backend names its mail: sorts as time does, one listing for both. */
function mailFileName(date = new Date()): string {
  return `${date.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}.eml`
}

export interface MailOptions {
  supabaseUrl: string
  serviceRoleKey: string
  /** The site's origin, for the links in the e-mails. */
  siteOrigin: string
  from: string
  smtpUrl?: string
  /** Where .eml files go when there is no SMTP server. */
  mailDir: string
}

export type Deliver = (mail: Mail) => Promise<void>

export function createDelivery({ smtpUrl, mailDir, from }: Pick<MailOptions, 'smtpUrl' | 'mailDir' | 'from'>): Deliver {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    return async (mail) => {
      await transport.sendMail({ from, ...mail })
    }
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return async (mail) => {
    const info = await writer.sendMail({ from, ...mail })
    await mkdir(mailDir, { recursive: true })
    const file = path.join(mailDir, mailFileName())
    await writeFile(file, info.message as Buffer, { mode: 0o600 })
    // The file, never the recipient: a log is read and kept by more people than the mail.
    console.log(`E-mail written to ${file} (no SMTP_URL)`)
  }
}

/** An e-mail address inside a mail server's answer. */
const ADDRESS = /[^\s<>"'()]+@[^\s<>"'()]+/g

/** Sends every e-mail that is due now; returns how many went. */
export async function sendDueMail(db: Db, deliver: Deliver, siteOrigin: string): Promise<number> {
  let sent = 0
  for (;;) {
    const { data, error } = await db.rpc('claim_mail', { max_rows: BATCH })
    if (error) throw new Error(`claiming e-mails failed: ${error.message}`)
    for (const mail of data) {
      let failure: string | null = null
      try {
        await deliver(composeMail(mail, siteOrigin))
      } catch (sendError) {
        failure = (sendError as Error).message || 'sending failed'
      }
      const { error: finishError } = await db.rpc('finish_mail', failure ? { mail_id: mail.id, failure } : { mail_id: mail.id })
      if (failure) {
        mailFailures.inc({ kind: mail.kind })
        // Its recipient may be a visitor, and a mail server's refusal may quote the address: neither is logged.
        console.error(`E-mail (${mail.kind}) failed (attempt ${mail.attempts}), retried later: ${failure.replace(ADDRESS, '[address]')}`)
      } else {
        mailSent.inc({ kind: mail.kind })
        sent += 1
      }
      // Unrecorded, the e-mail is sent again when its lease ends: a duplicate rather than a loss.
      if (finishError) throw new Error(`recording an e-mail failed: ${finishError.message}`)
    }
    if (data.length < BATCH) break
  }
  const { count } = await db.from('mail_outbox').select('id', { count: 'exact', head: true })
  if (count !== null) mailPending.set(count)
  return sent
}

/**
 * Sends what is due now and every few seconds, never two rounds at once; a failed round is logged
 * and the next one tries again. The timer does not keep the process alive.
 */
export function scheduleMail(options: MailOptions): void {
  const db = createServiceClient(options.supabaseUrl, options.serviceRoleKey, 'mail-outbox')
  const deliver = createDelivery(options)
  let running = false
  const round = () => {
    if (running) return
    running = true
    sendDueMail(db, deliver, options.siteOrigin)
      .catch((error: unknown) => console.error(`E-mails: ${(error as Error).message}`))
      .finally(() => (running = false))
  }
  round()
  setInterval(round, MAIL_INTERVAL_MS).unref()
}
