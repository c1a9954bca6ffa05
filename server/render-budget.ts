// What renders of pages that are not in the page cache may cost. A page in the cache costs about
// what a static file does; a page that is not costs a render and the database's reads, so a client
// asking for URL after URL that nobody asked for before (a crawler gone wrong, a flood of invented
// post addresses) could take the CPU and the database from everybody else. Each client may cause
// MISS_RENDERS_PER_MINUTE renders a minute and the whole site MISS_RENDERS_PER_SECOND a second;
// past the client's budget its misses are answered 429 with Retry-After, past the site's 503. At
// most RENDERS_AT_ONCE renders run at a time and the others wait their turn (a few seconds at
// most), so the event loop always has room for what is cached: cached pages and static files never
// enter this queue.
import { RenderQuota } from './shared-render.ts'

export interface RenderBudgetOptions {
  perClientPerMinute: number
  perSecond: number
  atOnce: number
  /** How long a render may wait for its turn before it is refused. */
  maxWaitMs?: number
}

export type Refusal = { status: 429 | 503; retryAfterSeconds: number }

export class RenderBudget {
  private readonly perClient: RenderQuota
  private readonly perSite: RenderQuota
  private readonly atOnce: number
  private readonly maxWaitMs: number
  private running = 0
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = []

  constructor({ perClientPerMinute, perSecond, atOnce, maxWaitMs = 5000 }: RenderBudgetOptions) {
    this.perClient = new RenderQuota(perClientPerMinute, 60_000)
    this.perSite = new RenderQuota(perSecond, 1000)
    this.atOnce = atOnce
    this.maxWaitMs = maxWaitMs
  }

  /** Counts one render for `client`, or says why it may not have one now. */
  admit(client: string): Refusal | null {
    if (!this.perClient.take(client)) return { status: 429, retryAfterSeconds: Math.max(1, Math.ceil(this.perClient.waitMs(client) / 1000)) }
    if (!this.perSite.take('site')) return { status: 503, retryAfterSeconds: 1 }
    return null
  }

  /** Runs `render` when a slot is free; refuses (RenderQueueFull) when none frees up in time. */
  async run<T>(render: () => Promise<T>): Promise<T> {
    if (this.running >= this.atOnce) {
      await new Promise<void>((resolve, reject) => {
        const turn = {
          start: () => {
            clearTimeout(turn.timer)
            resolve()
          },
          timer: setTimeout(() => {
            this.waiting.splice(this.waiting.indexOf(turn), 1)
            reject(new RenderQueueFull())
          }, this.maxWaitMs),
        }
        this.waiting.push(turn)
      })
    } else this.running += 1
    try {
      return await render()
    } finally {
      const next = this.waiting.shift()
      // The slot passes straight to the next render waiting, or is freed.
      if (next) next.start()
      else this.running -= 1
    }
  }
}

export class RenderQueueFull extends Error {
  constructor() {
    super('no render slot came free in time')
  }
}
