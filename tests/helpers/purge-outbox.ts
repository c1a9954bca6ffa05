// Waits until the web server has delivered every purge in the outbox (the seed's among them), so
// a test's own purges are the only ones it sees.
import type { LocalBackend } from './local-backend.ts'

export async function purgesDelivered(backend: LocalBackend, timeoutMs = 10_000): Promise<void> {
  const service = backend.service()
  for (let waited = 0; waited < timeoutMs; waited += 100) {
    const { count } = await service.from('edge_purges').select('id', { count: 'exact', head: true }).is('delivered_at', null)
    if (count === 0) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`purges still undelivered after ${timeoutMs} ms`)
}
