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

/** The CSV export; each row carries its personal one-click unsubscribe link, for any mailing tool. */
export function subscribersCsv(subscribers: Subscriber[], siteOrigin: string): string {
  return toCsv(
    ['Email', 'Status', 'Subscribed on', 'Confirmed on', 'Unsubscribe URL'],
    subscribers.map((s) => [s.email, s.status, s.created_at, s.confirmed_at ?? '', `${siteOrigin}/newsletter/unsubscribe/${s.unsubscribe_token}`]),
  )
}
