// Brute-force protection for password sign-in: failures are counted per e-mail address and per
// client address over a sliding window; past half the allowance each attempt is delayed (doubling),
// at the allowance it is refused with 429 until the oldest counted failure leaves the window.
//
// Kept in memory: this backend is one process on one machine (see shared/design.md), so a map is
// exact; a restart forgets the counts, which is acceptable for a local/small-install backend.
// Hosted Supabase enforces its own limits in GoTrue.
//
// Unknown e-mail addresses are counted exactly like known ones, so neither the delay nor the 429
// tells an attacker whether an account exists. The per-e-mail limit lets anyone lock an account out
// for one window by failing on purpose; that is the usual price of account lockout and is bounded
// by the window.
import type { RateLimitConfig } from './config.ts'

/** Beyond this many tracked keys, expired entries are swept (and, under a flood, the oldest dropped). */
const MAX_KEYS = 50_000

export interface Attempt {
  keys: string[]
  reservedAt: number
}

export type Admission = { allowed: false; retryAfterMs: number } | { allowed: true; delayMs: number; attempt: Attempt }

export class SignInLimiter {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly config: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string, at: number): number[] {
    const list = this.failures.get(key)
    if (!list) return []
    const fresh = list.filter((t) => t > at - this.config.windowMs)
    if (fresh.length === 0) this.failures.delete(key)
    else if (fresh.length !== list.length) this.failures.set(key, fresh)
    return fresh
  }

  private limitFor(key: string): number {
    return key.startsWith('email:') ? this.config.maxPerEmail : this.config.maxPerClient
  }

  /**
   * Called before the password is checked. Either refuses, or reserves a failure for every key
   * (so a burst of parallel attempts cannot all pass before any of them is counted) and says how
   * long to wait first. Call `succeeded` when the password was right.
   */
  begin(email: string, client: string): Admission {
    const at = this.now()
    const keys = [`email:${email}`, `client:${client}`]
    let retryAfterMs = 0
    let delayMs = 0
    for (const key of keys) {
      const list = this.recent(key, at)
      const limit = this.limitFor(key)
      if (list.length >= limit) {
        // Refused until enough failures age out to bring the count below the limit.
        retryAfterMs = Math.max(retryAfterMs, list[list.length - limit] + this.config.windowMs - at)
        continue
      }
      const slowFrom = Math.max(1, Math.floor(limit / 2))
      if (list.length >= slowFrom) {
        const step = Math.min(list.length - slowFrom, 3)
        delayMs = Math.max(delayMs, this.config.slowdownMs * 2 ** step)
      }
    }
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs }
    for (const key of keys) {
      const list = this.failures.get(key) ?? []
      list.push(at)
      // Only the newest `limit` failures matter for the decision above.
      if (list.length > this.limitFor(key)) list.shift()
      this.failures.delete(key) // re-insert: Map order then tracks recency for eviction
      this.failures.set(key, list)
    }
    this.sweep(at)
    return { allowed: true, delayMs, attempt: { keys, reservedAt: at } }
  }

  /** The password was right: the account's count starts over, the client's reserved failure is withdrawn. */
  succeeded(attempt: Attempt): void {
    const [emailKey, clientKey] = attempt.keys
    this.failures.delete(emailKey)
    const list = this.failures.get(clientKey)
    if (!list) return
    const index = list.lastIndexOf(attempt.reservedAt)
    if (index >= 0) list.splice(index, 1)
    if (list.length === 0) this.failures.delete(clientKey)
  }

  private sweep(at: number): void {
    if (this.failures.size <= MAX_KEYS) return
    for (const key of [...this.failures.keys()]) this.recent(key, at)
    // Still flooded (many distinct addresses within one window): forget the least recent keys
    // rather than grow without bound.
    for (const key of this.failures.keys()) {
      if (this.failures.size <= MAX_KEYS) break
      this.failures.delete(key)
    }
  }
}
