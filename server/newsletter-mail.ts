// Newsletter confirmations (double opt-in): a sign-up is stored as pending and owed an e-mail; this
// sender, in the process that runs chores, makes a random token for each owed one, hands the
// database only its SHA-256 (claim_newsletter_confirmations) and mails the token in the link
// /newsletter/confirm/{token}, valid 7 days. Every e-mail to a subscriber carries the personal
// one-click unsubscribe link, in the text and as the RFC 8058 headers. Delivery is the lead e-mails'
// (SMTP_URL, or .eml files in DATA_DIR/mail/). A sign-up never waits for any of this.
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../src/lib/supabase.ts'
import { scheduleMailRounds, type Deliver, type LeadMail, type LeadMailOptions } from './lead-mail.ts'

const BATCH = 10

export const confirmLink = (siteOrigin: string, token: string) => `${siteOrigin}/newsletter/confirm/${encodeURIComponent(token)}`
export const unsubscribeLink = (siteOrigin: string, token: string) => `${siteOrigin}/newsletter/unsubscribe/${encodeURIComponent(token)}`

/** The headers that let a mail client offer unsubscribing in one click (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

export function composeConfirmationMail(to: string, confirmUrl: string, unsubscribeUrl: string): LeadMail {
  const text = [
    'Please confirm that you want our newsletter at this address by opening this link:',
    '',
    confirmUrl,
    '',
    'The link works once, for 7 days. If you did not sign up, ignore this e-mail: without confirmation',
    'the address is removed after 7 days.',
    '',
    `Unsubscribe at any time: ${unsubscribeUrl}`,
  ].join('\n')
  return { to, subject: 'Confirm your newsletter subscription', text: `${text}\n`, headers: unsubscribeHeaders(unsubscribeUrl) }
}

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/** Mails every owed confirmation; returns how many went. */
export async function sendNewsletterConfirmations(db: Db, deliver: Deliver, siteOrigin: string): Promise<number> {
  let sent = 0
  for (;;) {
    const tokens = new Map<string, string>()
    for (let i = 0; i < BATCH; i++) {
      const token = randomBytes(32).toString('base64url')
      tokens.set(sha256(token), token)
    }
    const { data, error } = await db.rpc('claim_newsletter_confirmations', { token_hashes: [...tokens.keys()] })
    if (error) throw new Error(`claiming newsletter confirmations failed: ${error.message}`)
    for (const row of data) {
      const token = tokens.get(row.token_hash)
      if (!token) continue
      // A failure leaves the sign-up pending without a link: signing up again owes a new one.
      try {
        await deliver(composeConfirmationMail(row.email, confirmLink(siteOrigin, token), unsubscribeLink(siteOrigin, row.unsubscribe_token)))
        sent += 1
      } catch (sendError) {
        // A mail server's refusal may quote the recipient: the log keeps the reason, not the address.
        console.error(`A newsletter confirmation failed: ${(sendError as Error).message.replace(/[^\s<>"]+@[^\s<>"]+/g, '[address]')}`)
      }
    }
    if (data.length < BATCH) break
  }
  return sent
}

export const scheduleNewsletterMail = (options: LeadMailOptions) => scheduleMailRounds(options, 'Newsletter confirmations', sendNewsletterConfirmations)
