import { contactMessageMessages as m, type ContactMessage, type MessageStatus } from '~/entities/contact-message'
import { check, unwrap, type Db } from '~/lib/supabase'
import { toCsv } from '../../lib/csv'

const COLUMNS = 'id, first_name, last_name, email, interested_in, message, status, created_at, updated_at, client_key, consent_at, privacy_notice_version'

/** Every message from the contact form, newest first. */
export async function listContactMessages(db: Db): Promise<ContactMessage[]> {
  return unwrap(await db.from('contact_messages').select(COLUMNS).order('created_at', { ascending: false }), m.fetchFailed)
}

export async function setMessageStatus(db: Db, id: string, status: MessageStatus): Promise<void> {
  unwrap(await db.from('contact_messages').update({ status }).eq('id', id).select('id').single(), m.updateFailed)
}

export async function deleteContactMessage(db: Db, id: string): Promise<void> {
  unwrap(await db.from('contact_messages').delete().eq('id', id).select('id').single(), m.deleteFailed)
}

export function messagesCsv(messages: ContactMessage[]): string {
  return toCsv(
    ['Received', 'First name', 'Last name', 'Email', 'Interested in', 'Message', 'Status'],
    messages.map((m) => [m.created_at, m.first_name, m.last_name, m.email, m.interested_in, m.message, m.status]),
  )
}

/** How many contact messages nobody has handled yet (the sidebar's Inbox badge). */
export async function countNewMessages(db: Db): Promise<number> {
  const result = await db.from('contact_messages').select('id', { count: 'exact', head: true }).eq('status', 'new')
  check(result, 'Failed to count messages')
  return result.count ?? 0
}
