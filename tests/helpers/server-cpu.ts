// What a request costs the web server itself: the CPU time its process (every thread) spent while a
// load generator in this process (not the server's) sent it `amount` requests, read from
// /proc/<pid>/stat before and after (scripts/lib/process-cpu.ts).
import autocannon from 'autocannon'
import { processCpuMs } from '../../scripts/lib/process-cpu.ts'

export interface LoadTarget {
  path: string
  /** Headers of the nth request (n from 1), beside `headers`: a Host new on every request, say. */
  vary?: (n: number) => Record<string, string>
  headers?: Record<string, string>
}

export interface LoadResult {
  /** The server's CPU time per request, in milliseconds. */
  cpuMsPerRequest: number
  requests: number
  statuses: Record<string, number>
}

/**
 * Sends `amount` keep-alive requests over `connections` connections and returns what they cost the
 * process `pid`. Every target's requests are built the same way (a function per request), so the
 * load generator sends fixed and varying requests alike.
 */
export async function driveLoad(
  siteUrl: string,
  pid: number,
  target: LoadTarget,
  { amount, connections = 8 }: { amount: number; connections?: number },
): Promise<LoadResult> {
  let n = 0
  const vary = target.vary ?? (() => ({}))
  const before = processCpuMs(pid)
  const result = await autocannon({
    url: siteUrl + target.path,
    headers: target.headers,
    connections,
    amount,
    requests: [
      {
        setupRequest: (request) => {
          n += 1
          return { ...request, path: target.path, headers: { ...request.headers, ...vary(n) } }
        },
      },
    ],
  })
  const spent = processCpuMs(pid) - before
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]))
  const answered = Object.values(statuses).reduce((sum, count) => sum + count, 0)
  return { cpuMsPerRequest: spent / Math.max(answered, 1), requests: answered, statuses }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
