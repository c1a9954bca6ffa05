// A newsletter sign-up from the site's footer.
import type { Tables } from '~/lib/database.types'

export type Subscriber = Tables<'newsletter_subscribers'>

export const subscriberMessages = {
  fetchFailed: 'Failed to fetch subscribers',
  unsubscribed: 'Subscriber unsubscribed successfully',
  unsubscribeFailed: 'Failed to unsubscribe',
  deleted: 'Subscriber deleted successfully',
  deleteFailed: 'Failed to delete subscriber',
  confirmDelete: 'Are you sure you want to delete this subscriber?',
  empty: 'No subscribers found',
}
