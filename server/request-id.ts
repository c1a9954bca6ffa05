// Each request's id, which follows it into every log line (log.ts), the Supabase APIs it calls
// (X-Request-Id) and the response. A proxy in front may have given one already: it is kept only
// when TRUST_PROXY says a proxy is there (a visitor could send anything), and only if it is a short
// token, so a log line cannot be forged or bloated through it.
import { randomUUID } from 'node:crypto'

const ACCEPTED = /^[A-Za-z0-9._:@/+=-]{1,128}$/

export function requestIdOf(header: string | undefined, trustedHops: number): string {
  if (trustedHops > 0 && header !== undefined && ACCEPTED.test(header)) return header
  return randomUUID()
}
