import type { Tables } from '~/lib/database.types'
import { unwrap, type Db } from '~/lib/supabase'
import { toCsv } from '../../lib/csv'

export type ContactMessage = Tables<'contact_messages'>
export type MessageStatus = 'new' | 'handled'

const COLUMNS = 'id, first_name, last_name, email, interested_in, message, status, created_at, updated_at, client_key'

/** Every message from the contact form, newest first. */
export async function listContactMessages(db: Db): Promise<ContactMessage[]> {
  return unwrap(await db.from('contact_messages').select(COLUMNS).order('created_at', { ascending: false }), 'Failed to fetch messages')
}

export async function setMessageStatus(db: Db, id: string, status: MessageStatus): Promise<void> {
  unwrap(await db.from('contact_messages').update({ status }).eq('id', id).select('id').single(), 'Failed to update message')
}

export async function deleteContactMessage(db: Db, id: string): Promise<void> {
  unwrap(await db.from('contact_messages').delete().eq('id', id).select('id').single(), 'Failed to delete message')
}

export function messagesCsv(messages: ContactMessage[]): string {
  return toCsv(
    ['Received', 'First name', 'Last name', 'Email', 'Interested in', 'Message', 'Status'],
    messages.map((m) => [m.created_at, m.first_name, m.last_name, m.email, m.interested_in, m.message, m.status]),
  )
}
