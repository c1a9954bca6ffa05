// GET /healthz: whether the site can serve, and if not which part is down, for load balancers and
// operators. 200 when the Supabase APIs answer and the database reads (one tiny anonymous read of
// the public settings) and storage answers; 503 otherwise. The JSON names each part, this server's
// version and uptime, never a URL, a key or an error's text (those go to the log).
const TIMEOUT_MS = 3000

type PartState = 'ok' | 'down' | 'unknown'

export interface HealthReport {
  status: 'ok' | 'unavailable'
  checks: { backend: PartState; database: PartState; storage: PartState }
  version: string
  uptimeSeconds: number
}

interface Probe {
  /** The APIs answered at all. */
  reached: boolean
  /** They answered without a server error. */
  ok: boolean
}

async function probe(url: URL, anonKey: string, requestId: string, part: string): Promise<Probe> {
  try {
    const answer = await fetch(url, {
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'X-Request-Id': requestId },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    await answer.arrayBuffer()
    if (answer.status < 500 && (part !== 'database' || answer.ok)) return { reached: true, ok: true }
    console.error(`healthz: the ${part} check answered ${answer.status}`)
    return { reached: true, ok: false }
  } catch (error) {
    console.error(`healthz: the ${part} check got no answer: ${(error as Error).message}`)
    return { reached: false, ok: false }
  }
}

export async function checkHealth(supabaseUrl: string, anonKey: string, version: string, requestId: string): Promise<Response> {
  const [database, storage] = await Promise.all([
    probe(new URL('/rest/v1/site_settings?select=key&limit=1', supabaseUrl), anonKey, requestId, 'database'),
    probe(new URL('/storage/v1/bucket', supabaseUrl), anonKey, requestId, 'storage'),
  ])
  const reached = database.reached || storage.reached
  // With the APIs unreachable nothing behind them can be judged.
  const state = (p: Probe): PartState => (p.ok ? 'ok' : reached ? 'down' : 'unknown')
  const report: HealthReport = {
    status: database.ok && storage.ok ? 'ok' : 'unavailable',
    checks: { backend: reached ? 'ok' : 'down', database: state(database), storage: state(storage) },
    version,
    uptimeSeconds: Math.round(process.uptime()),
  }
  return new Response(JSON.stringify(report), {
    status: report.status === 'ok' ? 200 : 503,
    headers: { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' },
  })
}
