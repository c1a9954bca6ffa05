// New-lead e-mails: the database queues one in lead_mail_outbox with each contact message and each
// application (a trigger, in the lead's own transaction), and one per reviewer or author of a
// content review (request_review, review_content); this sender, in the one process of the
// web server that runs chores, claims what is due every few seconds, sends it, and tells the
// database how it went. A failure is retried later with a growing delay (finish_lead_mail), and a
// claim is a lease, so a crash or restart mid-send only delays an e-mail. A visitor's submission
// never waits for any of this.
//
// With SMTP_URL the e-mail goes through that server (nodemailer); without it, it is written as an
// .eml file in DATA_DIR/mail/ named `<UTC timestamp>-<short random>.eml`, as the local backend's
// auth e-mails are. The e-mail names the lead and links to it in the back office; it carries no CV
// and no message text (those stay behind the back office's sign-in).
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Database } from '../src/lib/database.types.ts'
import type { Db } from '../src/lib/supabase.ts'
import { createServiceClient } from '../src/lib/supabase.server.ts'
import { leadMailFailures, leadMailPending, leadMailSent } from './metrics.ts'

export const LEAD_MAIL_INTERVAL_MS = 5000
const BATCH = 10

type ClaimedMail = Database['public']['Functions']['claim_lead_mail']['Returns'][number]

export interface LeadMail {
  to: string
  subject: string
  text: string
  /** Extra header lines, e.g. List-Unsubscribe on an e-mail to a subscriber. */
  headers?: Record<string, string>
}

export interface LeadMailOptions {
  supabaseUrl: string
  serviceRoleKey: string
  /** The site's origin, for the back office link. */
  siteOrigin: string
  from: string
  smtpUrl?: string
  /** Where .eml files go when there is no SMTP server. */
  mailDir: string
}

/** Line breaks of any kind (and other control characters) in what a visitor typed. */
// eslint-disable-next-line no-control-regex -- control characters are the point
const BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

/** A visitor's text on one line, so it cannot start a line of its own ("Open it in the back office: …"). */
function oneLine(text: string | null | undefined): string {
  return (text ?? '').replace(BREAKS, ' ').trim()
}

/** The e-mail about a content review: to reviewers when one is asked for, to the author on a decision. */
function composeReviewMail(claimed: ClaimedMail, siteOrigin: string): LeadMail {
  const actor = oneLine(claimed.lead_name) || 'A staff member'
  const title = oneLine(claimed.topic)
  const note = oneLine(claimed.review_note)
  const what = claimed.review_kind === 'solution' ? 'solution' : 'post'
  const list = claimed.review_kind === 'solution' ? '/admin/solutions' : '/admin/blog'
  const lines =
    claimed.review_event === 'requested'
      ? [
          `${actor} asks for a review of the ${what} "${title}".`,
          ...(note ? ['', `Note: ${note}`] : []),
          '',
          `Review it in the back office: ${siteOrigin}/admin/reviews`,
        ]
      : claimed.review_event === 'approved'
        ? [
            `${actor} approved the ${what} "${title}". The approved version is now published.`,
            ...(note ? ['', `Note: ${note}`] : []),
            '',
            `Open it in the back office: ${siteOrigin}${list}`,
          ]
        : [
            `${actor} asked for changes to the ${what} "${title}". It stays unpublished.`,
            '',
            `Note: ${note}`,
            '',
            `Open it in the back office: ${siteOrigin}${list}`,
          ]
  const subject =
    claimed.review_event === 'requested'
      ? `Review requested: ${title}`
      : claimed.review_event === 'approved'
        ? `Approved: ${title}`
        : `Changes requested: ${title}`
  return { to: claimed.recipient, subject, text: `${lines.join('\n')}\n` }
}

/** The e-mail about one claimed lead or review. What the visitor typed never leaves its own line. */
export function composeLeadMail(claimed: ClaimedMail, siteOrigin: string): LeadMail {
  if (claimed.kind === 'content_review') return composeReviewMail(claimed, siteOrigin)
  const mail = { ...claimed, lead_name: oneLine(claimed.lead_name), lead_email: oneLine(claimed.lead_email), topic: oneLine(claimed.topic) }
  const application = mail.kind === 'job_application'
  const link = application
    ? `${siteOrigin}/admin/applications${mail.job_opening_id ? `?opening=${encodeURIComponent(mail.job_opening_id)}` : ''}`
    : `${siteOrigin}/admin/inbox?q=${encodeURIComponent(mail.lead_email ?? '')}`
  const received = new Date(mail.received_at ?? Date.now()).toUTCString()
  const subject = application ? `New application from ${mail.lead_name}${mail.topic ? ` for ${mail.topic}` : ''}` : `New contact message from ${mail.lead_name}`
  const lines = [
    application ? `${mail.lead_name} applied${mail.topic ? ` for ${mail.topic}` : ''}.` : `${mail.lead_name} sent a contact message.`,
    '',
    `Name: ${mail.lead_name}`,
    `E-mail: ${mail.lead_email}`,
    ...(!application && mail.topic ? [`Interested in: ${mail.topic}`] : []),
    `Received: ${received}`,
    '',
    `Open it in the back office: ${link}`,
  ]
  return { to: mail.recipient, subject, text: `${lines.join('\n')}\n` }
}

/** `20261125T095512345Z-1a2b3c4d.eml`, as the local backend names its mail: sorts as time does, one listing for both. */
function mailFileName(date = new Date()): string {
  return `${date.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}.eml`
}

export type Deliver = (mail: LeadMail) => Promise<void>

export function createDelivery({ smtpUrl, mailDir, from }: Pick<LeadMailOptions, 'smtpUrl' | 'mailDir' | 'from'>): Deliver {
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
    // The file name, never the address: a log is read and kept by more people than the mail.
    console.log(`E-mail written to ${file} (no SMTP_URL)`)
  }
}

/** Sends every e-mail that is due now; returns how many went. */
export async function sendDueLeadMail(db: Db, deliver: Deliver, siteOrigin: string): Promise<number> {
  let sent = 0
  for (;;) {
    const { data, error } = await db.rpc('claim_lead_mail', { max_rows: BATCH })
    if (error) throw new Error(`claiming lead e-mails failed: ${error.message}`)
    for (const mail of data) {
      let failure: string | null = null
      try {
        await deliver(composeLeadMail(mail, siteOrigin))
      } catch (sendError) {
        failure = (sendError as Error).message || 'sending failed'
      }
      const { error: finishError } = await db.rpc('finish_lead_mail', failure ? { mail_id: mail.id, failure } : { mail_id: mail.id })
      if (failure) {
        leadMailFailures.inc()
        console.error(`Lead e-mail to ${mail.recipient} failed (attempt ${mail.attempts}), retried later: ${failure}`)
      } else {
        leadMailSent.inc()
        sent += 1
      }
      // Unrecorded, the e-mail is sent again when its lease ends: a duplicate rather than a loss.
      if (finishError) throw new Error(`recording a lead e-mail failed: ${finishError.message}`)
    }
    if (data.length < BATCH) break
  }
  const { count } = await db.from('lead_mail_outbox').select('id', { count: 'exact', head: true })
  if (count !== null) leadMailPending.set(count)
  return sent
}

/** What sends one round of e-mail; it answers how many went. */
export type MailRound = (db: Db, deliver: Deliver, siteOrigin: string) => Promise<number>

/**
 * Runs `send` now and every few seconds, never two rounds at once; a failed round is logged under
 * `what` and the next one tries again. The timer does not keep the process alive.
 */
export function scheduleMailRounds(options: LeadMailOptions, what: string, send: MailRound): void {
  const db = createServiceClient(options.supabaseUrl, options.serviceRoleKey)
  const deliver = createDelivery(options)
  let running = false
  const round = () => {
    if (running) return
    running = true
    send(db, deliver, options.siteOrigin)
      .catch((error: unknown) => console.error(`${what}: ${(error as Error).message}`))
      .finally(() => (running = false))
  }
  round()
  setInterval(round, LEAD_MAIL_INTERVAL_MS).unref()
}

export const scheduleLeadMail = (options: LeadMailOptions) => scheduleMailRounds(options, 'Lead e-mails', sendDueLeadMail)
