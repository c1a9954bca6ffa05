// A message sent from /contact, handled in the back office's Inbox.
import type { Tables } from '~/lib/database.types'

export type ContactMessage = Omit<Tables<'contact_messages'>, 'updated_by'>

export const MESSAGE_STATUSES = ['new', 'handled'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

export const contactMessageMessages = {
  fetchFailed: 'Failed to fetch messages',
  updateFailed: 'Failed to update message',
  handled: 'Message marked as handled',
  markedNew: 'Message marked as new',
  deleted: 'Message deleted successfully',
  deleteFailed: 'Failed to delete message',
  confirmDelete: 'Are you sure you want to delete this message?',
  empty: 'No messages found',
}
