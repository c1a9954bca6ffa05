import { subscriberMessages as m, type Subscriber } from '~/entities/subscriber'
import { unwrap, type Db } from '~/lib/supabase'
import { toCsv } from '../../lib/csv'

/** Every newsletter sign-up, newest first. */
export async function listSubscribers(db: Db): Promise<Subscriber[]> {
  return unwrap(await db.from('newsletter_subscribers').select('*').order('created_at', { ascending: false }), m.fetchFailed)
}

export async function unsubscribe(db: Db, id: string): Promise<void> {
  unwrap(await db.from('newsletter_subscribers').update({ status: 'unsubscribed' }).eq('id', id).select('id').single(), m.unsubscribeFailed)
}

export async function deleteSubscriber(db: Db, id: string): Promise<void> {
  unwrap(await db.from('newsletter_subscribers').delete().eq('id', id).select('id').single(), m.deleteFailed)
}

const unsubscribeUrl = (siteOrigin: string, subscriber: Subscriber) => `${siteOrigin}/newsletter/unsubscribe/${subscriber.unsubscribe_token}`

/**
 * The export for a mailing tool: confirmed subscribers only (a pending or unsubscribed address has
 * given no consent to be mailed), each with its personal one-click unsubscribe link.
 */
export function mailingListCsv(subscribers: Subscriber[], siteOrigin: string): string {
  return toCsv(
    ['Email', 'Confirmed on', 'Unsubscribe URL'],
    subscribers.filter((s) => s.status === 'subscribed').map((s) => [s.email, s.confirmed_at ?? '', unsubscribeUrl(siteOrigin, s)]),
  )
}

/** The complete export for an audit: every row with its status and consent record, and no link. */
export function subscribersAuditCsv(subscribers: Subscriber[]): string {
  return toCsv(
    ['Email', 'Status', 'Signed up on', 'Confirmed on', 'Consent on', 'Privacy notice', 'Unsubscribed on'],
    subscribers.map((s) => [
      s.email,
      s.status,
      s.signed_up_at,
      s.confirmed_at ?? '',
      s.consent_at ?? '',
      s.privacy_notice_version ?? '',
      s.unsubscribed_at ?? '',
    ]),
  )
}
