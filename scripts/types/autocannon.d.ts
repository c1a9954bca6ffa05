// The part of autocannon's API that the bench scripts use (the package ships no types).
declare module 'autocannon' {
  interface RawRequest {
    method?: string
    path: string
    headers?: Record<string, string>
  }
  interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    /** Changes each request before it is sent (for a URL of its own per request). */
    setupRequest?: (request: RawRequest) => RawRequest
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    headers?: Record<string, string>
    requests?: Request[]
  }
  interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p99: number
    max: number
    total: number
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    duration: number
    /** How many answers had each status code. */
    statusCodeStats: Record<string, { count: number }>
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
  export type { RawRequest }
}
