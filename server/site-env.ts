// What every part of the web server knows of the request it answers, set once by the envelope
// (envelope.ts) before anything else runs: one typed Hono environment for all the sub-apps.
import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import type { SiteAddress } from './origin-check.ts'

export interface SiteVariables {
  /** This response's CSP nonce (a page shared between visitors allows its scripts by hash instead). */
  nonce: string
  /** The visitor's address, as far as TRUST_PROXY lets it be known (visitor-address.ts). */
  visitorIp: string | null
  requestId: string
  /** The route pattern the request reached, for the metrics and the log line. */
  route: string
  /** The origin the site renders for and the hosts it answers to as itself. */
  site: SiteAddress
}

export type SiteEnv = { Bindings: HttpBindings; Variables: SiteVariables }

export type SiteContext = Context<SiteEnv>

/** Who a per-client quota or slot is counted for. */
export const clientOf = (c: SiteContext): string => c.get('visitorIp') ?? 'unknown'
