// Brute-force protection for password sign-in, without handing anyone a switch that locks a staff
// member out. Failures are counted over a sliding window under three keys:
//   - an account from one client: past half the allowance each attempt is delayed (doubling), at
//     the allowance that client is refused (429) for that account until failures leave the window;
//   - a client across all accounts: the same, with a larger allowance (password spraying);
//   - an account from everywhere: never refused, only slowed, for every client, once it has seen
//     more failures than one client may make. Someone failing on purpose from many addresses makes
//     the real person's sign-in slower, never impossible.
// The client is the address the database's flood limits use (the project's CLIENT_ADDRESS_SQL: here
// the rightmost X-Forwarded-For address that is not a trusted proxy), so nobody chooses their own key.
//
// Kept in memory: this backend is one process on one machine (see shared/design.md), so a map is
// exact; a restart forgets the counts, which is acceptable for a local/small-install backend.
// Hosted Supabase enforces its own limits in GoTrue.
//
// Unknown e-mail addresses are counted exactly like known ones, so neither the delay nor the 429
// tells an attacker whether an account exists. A new password (set by an admin, or at the end of a
// password recovery) clears the account's counts: `clearAccount`.
import type { RateLimitConfig } from './config.ts'

/** Beyond this many tracked keys, expired entries are swept (and, under a flood, the oldest dropped). */
const MAX_KEYS = 50_000
/** The delay doubles at most this many times (8x the first delay). */
const MAX_DOUBLINGS = 3

export interface Attempt {
  keys: string[]
  reservedAt: number
}

export type Admission = { allowed: false; retryAfterMs: number } | { allowed: true; delayMs: number; attempt: Attempt }

interface Rule {
  key: string
  /** Failures at which this key refuses; null for a key that only slows. */
  refuseAt: number | null
  /** Failures from which each attempt is delayed. */
  slowFrom: number
  /** How many of the newest failures are kept (all that the decision reads). */
  keep: number
}

const accountKey = (email: string) => `account:${email}`
// JSON quoting keeps the e-mail's end unambiguous, whatever characters it holds.
const pairPrefix = (email: string) => `pair:${JSON.stringify(email)}:`

export class SignInLimiter {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly config: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {}

  private rules(email: string, client: string): Rule[] {
    const { maxPerEmail, maxPerClient } = this.config
    const half = (limit: number) => Math.max(1, Math.floor(limit / 2))
    return [
      { key: `${pairPrefix(email)}${client}`, refuseAt: maxPerEmail, slowFrom: half(maxPerEmail), keep: maxPerEmail },
      { key: `client:${client}`, refuseAt: maxPerClient, slowFrom: half(maxPerClient), keep: maxPerClient },
      { key: accountKey(email), refuseAt: null, slowFrom: maxPerEmail, keep: maxPerEmail + MAX_DOUBLINGS },
    ]
  }

  private recent(key: string, at: number): number[] {
    const list = this.failures.get(key)
    if (!list) return []
    const fresh = list.filter((t) => t > at - this.config.windowMs)
    if (fresh.length === 0) this.failures.delete(key)
    else if (fresh.length !== list.length) this.failures.set(key, fresh)
    return fresh
  }

  /**
   * Called before the password is checked. Either refuses, or reserves a failure for every key
   * (so a burst of parallel attempts cannot all pass before any of them is counted) and says how
   * long to wait first. Call `succeeded` when the password was right.
   */
  begin(email: string, client: string): Admission {
    const at = this.now()
    const rules = this.rules(email, client)
    let retryAfterMs = 0
    let delayMs = 0
    for (const rule of rules) {
      const list = this.recent(rule.key, at)
      if (rule.refuseAt !== null && list.length >= rule.refuseAt) {
        // Refused until enough failures age out to bring the count below the limit.
        retryAfterMs = Math.max(retryAfterMs, list[list.length - rule.refuseAt] + this.config.windowMs - at)
        continue
      }
      if (list.length >= rule.slowFrom) {
        const step = Math.min(list.length - rule.slowFrom, MAX_DOUBLINGS)
        delayMs = Math.max(delayMs, this.config.slowdownMs * 2 ** step)
      }
    }
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs }
    for (const rule of rules) {
      const list = this.failures.get(rule.key) ?? []
      list.push(at)
      if (list.length > rule.keep) list.shift()
      this.failures.delete(rule.key) // re-insert: Map order then tracks recency for eviction
      this.failures.set(rule.key, list)
    }
    this.sweep(at)
    return { allowed: true, delayMs, attempt: { keys: rules.map((rule) => rule.key), reservedAt: at } }
  }

  /**
   * The password was right: this client starts over on this account, and the failure reserved on
   * the client and the account is withdrawn. Others' failures on the account still count.
   */
  succeeded(attempt: Attempt): void {
    const [pair, ...shared] = attempt.keys
    this.failures.delete(pair)
    for (const key of shared) {
      const list = this.failures.get(key)
      if (!list) continue
      const index = list.lastIndexOf(attempt.reservedAt)
      if (index >= 0) list.splice(index, 1)
      if (list.length === 0) this.failures.delete(key)
    }
  }

  /** The account has a new password: every count for it, from every client, starts over. */
  clearAccount(email: string): void {
    this.failures.delete(accountKey(email))
    const prefix = pairPrefix(email)
    for (const key of [...this.failures.keys()]) {
      if (key.startsWith(prefix)) this.failures.delete(key)
    }
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

/**
 * A plain fixed allowance per key over a sliding window (GoTrue's per-client limits on MFA
 * challenge/verify and on /verify): every request counts, right or wrong.
 */
export class RequestLimiter {
  private readonly hits = new Map<string, number[]>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request; 0 when allowed, else how long (ms) until the key may try again. */
  take(key: string): number {
    const at = this.now()
    const recent = (this.hits.get(key) ?? []).filter((t) => t > at - this.windowMs)
    if (recent.length >= this.max) {
      this.hits.set(key, recent)
      return recent[recent.length - this.max] + this.windowMs - at
    }
    recent.push(at)
    this.hits.delete(key) // re-insert: Map order then tracks recency for eviction
    this.hits.set(key, recent)
    if (this.hits.size > MAX_KEYS) {
      for (const old of this.hits.keys()) {
        if (this.hits.size <= MAX_KEYS) break
        this.hits.delete(old)
      }
    }
    return 0
  }
}
