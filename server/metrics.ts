// What the web server counts, in Prometheus's text format at GET /metrics (operations.ts guards it with
// METRICS_TOKEN): requests by route pattern and status, their latency, the page cache's lookups
// and size, and Node's own figures (event-loop lag, memory, CPU, handles) from prom-client.
//
// With several worker processes (cluster.ts) each one counts its own requests; whichever worker a
// scrape reaches asks the primary process, which gathers every worker's figures and sums them, so a
// scrape always sees the whole server and not one worker picked by the kernel.
import cluster from 'node:cluster'
import { randomUUID } from 'node:crypto'
import client from 'prom-client'

const ASK = 'web:metrics-request'
const ANSWER = 'web:metrics-answer'
const ASK_TIMEOUT_MS = 5000

export const httpRequests = new client.Counter({
  name: 'web_http_requests_total',
  help: 'Requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
})

export const httpDuration = new client.Histogram({
  name: 'web_http_request_duration_seconds',
  help: 'Time from a request arriving to its response headers, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
})

export const pageCacheLookups = new client.Counter({
  name: 'web_page_cache_lookups_total',
  help: 'Shared-render lookups: hit (fresh), stale (previous render served while renewed), joined (waited for a render under way), miss (rendered).',
  labelNames: ['outcome'] as const,
})

export const pagesPurged = new client.Counter({
  name: 'web_page_cache_purged_total',
  help: 'Pages dropped from the page cache because the database purged the content they show.',
})

export const renderRefusals = new client.Counter({
  name: 'web_render_refusals_total',
  help: "Renders of pages not in the cache refused: over the client's budget (429) or the site's (503).",
  labelNames: ['status'] as const,
})

let cacheSize: () => { bytes: number; entries: number } = () => ({ bytes: 0, entries: 0 })

new client.Gauge({
  name: 'web_page_cache_bytes',
  help: 'Bytes of rendered pages the page cache holds.',
  aggregator: 'sum',
  collect() {
    this.set(cacheSize().bytes)
  },
})

new client.Gauge({
  name: 'web_page_cache_entries',
  help: 'Rendered pages the page cache holds.',
  aggregator: 'sum',
  collect() {
    this.set(cacheSize().entries)
  },
})

/** Where the cache gauges read from (the app's page cache). */
export function watchPageCache(size: () => { bytes: number; entries: number }): void {
  cacheSize = size
}

// Figures of the chores that run once per server (the e-mail sender), in the process that runs
// them: the single process, or the primary of the workers.
const choreRegistry = new client.Registry()

export const mailPending = new client.Gauge({
  name: 'web_mail_outbox_pending',
  help: 'E-mails waiting in the outbox (not yet sent, failures awaiting a retry included), as of the last check.',
  registers: [choreRegistry],
})

export const mailSent = new client.Counter({
  name: 'web_mail_sent_total',
  help: 'E-mails sent (or written as .eml files), by kind.',
  labelNames: ['kind'],
  registers: [choreRegistry],
})

export const mailFailures = new client.Counter({
  name: 'web_mail_failures_total',
  help: 'E-mail sends that failed and were left for a retry, by kind.',
  labelNames: ['kind'],
  registers: [choreRegistry],
})

export const edgePurges = new client.Counter({
  name: 'web_edge_purges_total',
  help: 'Purges sent to the caches in front, by target and outcome (purged, failed: retried later).',
  labelNames: ['target', 'outcome'],
  registers: [choreRegistry],
})

export const logLinesDropped = new client.Counter({
  name: 'log_lines_dropped_total',
  help: 'Log lines dropped because the log reader fell too far behind (more than LOG_BACKLOG_BYTES waiting).',
})

let started = false

/** Starts Node's own figures (event-loop lag is sampled continuously). Once per process. */
export function startProcessMetrics(): void {
  if (started) return
  started = true
  client.collectDefaultMetrics()
  // Constructing it in a worker is what makes the worker answer the primary's requests for figures.
  if (cluster.isWorker) new client.AggregatorRegistry()
}

/** The figures of this server in Prometheus's text format, and their content type. */
export async function metricsText(): Promise<{ text: string; contentType: string }> {
  const contentType = client.register.contentType
  if (!cluster.isWorker || !process.send) return { text: (await client.register.metrics()) + (await choreRegistry.metrics()), contentType }
  const id = randomUUID()
  const text = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage)
      reject(new Error('the primary process did not answer with the metrics'))
    }, ASK_TIMEOUT_MS)
    function onMessage(message: unknown) {
      const answer = message as { type?: string; id?: string; text?: string; error?: string }
      if (answer?.type !== ANSWER || answer.id !== id) return
      clearTimeout(timer)
      process.off('message', onMessage)
      if (answer.text !== undefined) resolve(answer.text)
      else reject(new Error(answer.error ?? 'no metrics'))
    }
    process.on('message', onMessage)
    process.send!({ type: ASK, id })
  })
  return { text, contentType }
}

/** In the primary process: answers workers' requests for every worker's figures, summed. */
export function serveClusterMetrics(): void {
  const aggregator = new client.AggregatorRegistry()
  cluster.on('message', (worker, message: unknown) => {
    const ask = message as { type?: string; id?: string }
    if (ask?.type !== ASK) return
    Promise.all([aggregator.clusterMetrics(), choreRegistry.metrics()]).then(
      ([text, chores]) => worker.send({ type: ANSWER, id: ask.id, text: text + chores }),
      (error: unknown) => worker.send({ type: ANSWER, id: ask.id, error: (error as Error).message }),
    )
  })
}
