// WEB_CONCURRENCY > 1: this primary process forks that many web server workers (node:cluster),
// which share the port (the primary accepts and hands connections round-robin). Each worker is a
// whole web server with its own page cache; the primary serves no request. It gathers the workers'
// metrics for /metrics (metrics.ts), replaces a worker that dies while serving, and on SIGINT or
// SIGTERM lets every worker finish its requests (main.ts) before it exits.
import cluster, { type Worker } from 'node:cluster'
import { serveClusterMetrics } from './metrics.ts'

/** A worker that stops this soon after it started is failing to start, not crashing under load. */
const STARTUP_FAILURE_MS = 10_000

export function runPrimary(workers: number): void {
  serveClusterMetrics()
  let stopping = false
  let listening = 0
  const startedAt = new Map<Worker, number>()

  const fork = () => startedAt.set(cluster.fork(), Date.now())
  for (let i = 0; i < workers; i++) fork()

  cluster.on('listening', () => {
    listening += 1
    if (listening === workers) console.log(`Web server running ${workers} worker processes`)
  })
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0)
    startedAt.delete(worker)
    if (stopping) {
      if (startedAt.size === 0) process.exit()
      return
    }
    console.error(`Web server worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`})`)
    if (lived < STARTUP_FAILURE_MS) {
      // Its siblings would fail the same way (a missing build, a port in use): stop rather than loop.
      console.error('Web server: a worker could not start; stopping')
      stop(1)
      return
    }
    fork()
  })

  function stop(exitCode: number) {
    if (stopping) return
    stopping = true
    process.exitCode = exitCode
    if (startedAt.size === 0) process.exit()
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM')
  }
  process.on('SIGINT', () => stop(0))
  process.on('SIGTERM', () => stop(0))
}
