import type { Db } from '~/lib/supabase'
import type { NewsletterInput } from '../schemas'
import { throwIfFailed } from './lead-errors'

/** Signs an address up (pending until its e-mailed link is opened); signing up twice is not an error. */
export async function subscribeNewsletter(db: Db, input: NewsletterInput): Promise<void> {
  throwIfFailed(await db.rpc('subscribe_newsletter', { email: input.email }), 'Failed to subscribe')
}

/** Opens a confirmation link: true when it confirmed a sign-up, false for an unknown, used or expired one. */
export async function confirmSubscription(db: Db, token: string): Promise<boolean> {
  const { data, error } = await db.rpc('confirm_newsletter', { token })
  if (error) throw new Error(`Failed to confirm a subscription: ${error.message}`)
  return data
}

/** One-click unsubscribe: true when the token names a subscriber (who is now unsubscribed). */
export async function unsubscribeByToken(db: Db, token: string): Promise<boolean> {
  const { data, error } = await db.rpc('unsubscribe_newsletter', { token })
  if (error) throw new Error(`Failed to unsubscribe: ${error.message}`)
  return data
}
