import type { Tables } from '~/lib/database.types'
import { unwrap, type Db } from '~/lib/supabase'
import { toCsv } from '../../lib/csv'

export type Subscriber = Tables<'newsletter_subscribers'>

/** Every newsletter sign-up, newest first. */
export async function listSubscribers(db: Db): Promise<Subscriber[]> {
  return unwrap(await db.from('newsletter_subscribers').select('*').order('created_at', { ascending: false }), 'Failed to fetch subscribers')
}

export async function unsubscribe(db: Db, id: string): Promise<void> {
  unwrap(await db.from('newsletter_subscribers').update({ status: 'unsubscribed' }).eq('id', id).select('id').single(), 'Failed to unsubscribe')
}

export async function deleteSubscriber(db: Db, id: string): Promise<void> {
  unwrap(await db.from('newsletter_subscribers').delete().eq('id', id).select('id').single(), 'Failed to delete subscriber')
}

export function subscribersCsv(subscribers: Subscriber[]): string {
  return toCsv(['Email', 'Status', 'Subscribed on'], subscribers.map((s) => [s.email, s.status, s.created_at]))
}
