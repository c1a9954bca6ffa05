import type { Db } from '~/lib/supabase'
import type { ContactInput } from '../schemas'
import { throwIfFailed } from './lead-errors'

/** Stores a contact form message for the admin Inbox. */
export async function sendContactMessage(db: Db, input: ContactInput): Promise<void> {
  const result = await db.from('contact_messages').insert({
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email,
    interested_in: input.interestedIn,
    message: input.message,
  })
  throwIfFailed(result, 'Failed to send contact message')
}
