// What an e-mail kind is to the outbox's sender (mail-outbox.ts): the shape of the payload that
// claim_mail() returns for it, and the e-mail made of that payload. One composer per kind.
import type { z } from 'zod'

export interface Mail {
  to: string
  subject: string
  text: string
  /** Extra header lines, e.g. List-Unsubscribe on an e-mail to a subscriber. */
  headers?: Record<string, string>
}

export interface Composer<Payload> {
  payload: z.ZodType<Payload>
  compose(payload: Payload, to: string, siteOrigin: string): Mail
}

export function composer<Payload>(payload: z.ZodType<Payload>, compose: (payload: Payload, to: string, siteOrigin: string) => Mail): Composer<Payload> {
  return { payload, compose }
}
