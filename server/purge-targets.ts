// Where purges go beyond the web servers' own caches: the CDNs and proxies in front, configured by
// environment. Each target takes a list of surrogate keys and makes real HTTP calls, a few tries
// each with a short back-off (honouring Retry-After); what still fails is reported to the sender
// (purge-sender.ts), which retries later and in the end leaves a dead letter in the database.
//   - Varnish (PURGE_VARNISH_URLS: one or more base URLs, comma-separated): `PURGE /` with the keys
//     in a Surrogate-Key header; deploy/varnish/default.vcl bans every object carrying one of them.
//   - Fastly (FASTLY_SERVICE_ID, FASTLY_API_TOKEN): POST /service/<id>/purge with
//     {"surrogate_keys": [...]}, up to 256 keys a call.
//   - Cloudflare (CLOUDFLARE_ZONE_ID, CLOUDFLARE_API_TOKEN): POST /zones/<id>/purge_cache with
//     {"tags": [...]}, up to 100 tags a call.

export interface PurgeTarget {
  /** For logs and metrics: `varnish http://edge:8080`, `fastly`, `cloudflare`. */
  readonly name: string
  /** Purges every object carrying one of `keys`; throws when the target would not. */
  purge(keys: readonly string[]): Promise<void>
}

export interface PurgeTargetSettings {
  PURGE_VARNISH_URLS?: string
  FASTLY_SERVICE_ID?: string
  FASTLY_API_TOKEN?: string
  FASTLY_API_URL: string
  CLOUDFLARE_ZONE_ID?: string
  CLOUDFLARE_API_TOKEN?: string
  CLOUDFLARE_API_URL: string
}

const TRIES = 3
const CALL_TIMEOUT_MS = 5000
const MAX_RETRY_AFTER_MS = 5000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** One call, tried up to TRIES times until `accept` takes the answer (returns null); else throws the last failure. */
async function call(what: string, url: string, init: RequestInit, accept: (response: Response, text: string) => string | null): Promise<void> {
  let failure = ''
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    let wait = 250 * 4 ** (attempt - 1)
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) })
      const text = await response.text()
      const refused = accept(response, text)
      if (refused === null) return
      failure = `${what}: ${refused}`
      // A client error other than a rate limit will not change by asking again.
      if (response.status >= 400 && response.status < 500 && response.status !== 429) break
      const retryAfter = Number(response.headers.get('retry-after'))
      if (Number.isFinite(retryAfter) && retryAfter > 0) wait = Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS)
    } catch (error) {
      failure = `${what}: ${(error as Error).message}`
    }
    if (attempt < TRIES) await sleep(wait)
  }
  throw new Error(failure)
}

const statusOnly = (response: Response, text: string) => (response.ok ? null : `HTTP ${response.status} ${text.slice(0, 200)}`)

export function varnishTarget(baseUrl: string): PurgeTarget {
  const url = new URL('/', baseUrl).href
  const name = `varnish ${new URL(baseUrl).origin}`
  return {
    name,
    async purge(keys) {
      for (const batch of chunks(keys, 100)) await call(name, url, { method: 'PURGE', headers: { 'Surrogate-Key': batch.join(' ') } }, statusOnly)
    },
  }
}

export function fastlyTarget(apiUrl: string, serviceId: string, token: string): PurgeTarget {
  const url = new URL(`/service/${encodeURIComponent(serviceId)}/purge`, apiUrl).href
  return {
    name: 'fastly',
    async purge(keys) {
      for (const batch of chunks(keys, 256)) {
        await call(
          'fastly',
          url,
          {
            method: 'POST',
            headers: { 'Fastly-Key': token, 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify({ surrogate_keys: batch }),
          },
          statusOnly,
        )
      }
    },
  }
}

export function cloudflareTarget(apiUrl: string, zoneId: string, token: string): PurgeTarget {
  const url = new URL(`/client/v4/zones/${encodeURIComponent(zoneId)}/purge_cache`, apiUrl).href
  // Cloudflare can answer 200 with {"success": false, "errors": [...]}.
  const accept = (response: Response, text: string) => {
    if (!response.ok) return `HTTP ${response.status} ${text.slice(0, 200)}`
    try {
      const answer = JSON.parse(text) as { success?: boolean; errors?: unknown }
      return answer.success === true ? null : `refused: ${JSON.stringify(answer.errors ?? answer).slice(0, 200)}`
    } catch {
      return `an answer that is not JSON: ${text.slice(0, 200)}`
    }
  }
  return {
    name: 'cloudflare',
    async purge(keys) {
      for (const batch of chunks(keys, 100)) {
        await call(
          'cloudflare',
          url,
          { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ tags: batch }) },
          accept,
        )
      }
    },
  }
}

/** The targets the settings name (none: only the web servers' own caches are purged). */
export function purgeTargetsFrom(settings: PurgeTargetSettings): PurgeTarget[] {
  const targets: PurgeTarget[] = []
  for (const base of (settings.PURGE_VARNISH_URLS ?? '').split(',')) if (base.trim()) targets.push(varnishTarget(base.trim()))
  if (settings.FASTLY_SERVICE_ID && settings.FASTLY_API_TOKEN) {
    targets.push(fastlyTarget(settings.FASTLY_API_URL, settings.FASTLY_SERVICE_ID, settings.FASTLY_API_TOKEN))
  }
  if (settings.CLOUDFLARE_ZONE_ID && settings.CLOUDFLARE_API_TOKEN) {
    targets.push(cloudflareTarget(settings.CLOUDFLARE_API_URL, settings.CLOUDFLARE_ZONE_ID, settings.CLOUDFLARE_API_TOKEN))
  }
  return targets
}
