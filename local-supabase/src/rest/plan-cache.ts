// Parsed-and-built statements per request shape (method, path, query string, the headers that
// change the SQL), so a repeated request skips parsing and SQL building entirely. Bounded, least
// recently used out first; entries built against an older catalogue are ignored.
export class PlanCache<T> {
  private readonly entries = new Map<string, { generation: number; plan: T }>()

  constructor(private readonly limit: number) {}

  get(key: string, generation: number): T | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.generation !== generation) return undefined
    this.entries.set(key, entry)
    return entry.plan
  }

  set(key: string, generation: number, plan: T): void {
    this.entries.delete(key)
    this.entries.set(key, { generation, plan })
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string)
  }
}
