import type { Db } from '~/lib/supabase'
import type { NewsletterInput } from '../schemas'
import { throwIfFailed } from './lead-errors'

/** Subscribes an address to the newsletter; subscribing twice is not an error. */
export async function subscribeNewsletter(db: Db, input: NewsletterInput): Promise<void> {
  throwIfFailed(await db.rpc('subscribe_newsletter', { email: input.email }), 'Failed to subscribe')
}
