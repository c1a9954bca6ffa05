// Parsed-and-built statements per request shape (method, path, query string, the headers that
// change the SQL), so a repeated request skips parsing and SQL building entirely. Bounded by count
// and by the bytes of its keys and statements, least recently used out first; a shape is only
// kept the second time it is seen (one-off queries do not push out the ones that repeat); entries
// built against an older catalogue are ignored.
export class PlanCache<T> {
  private readonly entries = new Map<string, { generation: number; plan: T; bytes: number }>()
  private readonly seen = new Set<string>()
  private bytes = 0

  constructor(
    private readonly limit: number,
    private readonly maxBytes: number,
    private readonly sizeOf: (plan: T) => number,
  ) {}

  get(key: string, generation: number): T | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.generation !== generation) {
      this.bytes -= entry.bytes
      return undefined
    }
    this.entries.set(key, entry)
    return entry.plan
  }

  set(key: string, generation: number, plan: T): void {
    if (!this.entries.has(key) && !this.seen.delete(key)) {
      // First sighting: remember the key only (bounded like the entries).
      this.seen.add(key)
      if (this.seen.size > this.limit) this.seen.delete(this.seen.values().next().value as string)
      return
    }
    const old = this.entries.get(key)
    if (old) this.bytes -= old.bytes
    this.entries.delete(key)
    const bytes = key.length + this.sizeOf(plan)
    this.entries.set(key, { generation, plan, bytes })
    this.bytes += bytes
    while (this.entries.size > this.limit || (this.bytes > this.maxBytes && this.entries.size > 1)) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, { bytes: number }]
      this.entries.delete(oldestKey)
      this.bytes -= oldest.bytes
    }
  }
}
