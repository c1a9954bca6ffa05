// Newsletter confirmations (double opt-in): a sign-up is stored as pending and queues its e-mail in
// the outbox (mail-outbox.ts sends it). As it goes out the database makes a random token, keeps only
// its SHA-256, and hands the token to this composer, which mails it in the link
// /newsletter/confirm/{token}, valid 7 days. Every e-mail to a subscriber carries the personal
// one-click unsubscribe link, in the text and as the RFC 8058 headers.
import { z } from 'zod'
import { composer, type Mail } from './mail-composer.ts'

export const confirmLink = (siteOrigin: string, token: string) => `${siteOrigin}/newsletter/confirm/${encodeURIComponent(token)}`
export const unsubscribeLink = (siteOrigin: string, token: string) => `${siteOrigin}/newsletter/unsubscribe/${encodeURIComponent(token)}`

/** The headers that let a mail client offer unsubscribing in one click (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

export function composeConfirmationMail(to: string, confirmUrl: string, unsubscribeUrl: string): Mail {
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

export const newsletterConfirmationMail = composer(z.object({ token: z.string().min(1), unsubscribe_token: z.string().min(1) }), (payload, to, siteOrigin) =>
  composeConfirmationMail(to, confirmLink(siteOrigin, payload.token), unsubscribeLink(siteOrigin, payload.unsubscribe_token)),
)
