// The HTTP server's edges: requests the HTTP parser refuses (headers or URL over Node's limit,
// malformed framing) get a real answer instead of a reset connection, and a stop lets the requests
// already received finish before the database closes.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'

/** How long a stop waits for running requests (a visitor's form, an upload) before closing anyway. */
export const DRAIN_TIMEOUT_MS = 5_000
/**
 * After refusing a request, its remaining bytes are read and dropped so the answer arrives: until the
 * client is quiet for LINGER_IDLE_MS, or has sent LINGER_MAX_BYTES more, or LINGER_MAX_MS have passed.
 * The quiet time restarts with each chunk, so a busy machine that reads late still never resets a
 * client that is sending its request at full speed.
 */
const LINGER_IDLE_MS = 2_000
const LINGER_MAX_MS = 15_000
const LINGER_MAX_BYTES = 16 * 1024 * 1024

/**
 * Counts requests from their arrival until their response has been written (or their connection
 * closed); `drained` resolves when none is left, or the time is up.
 */
export class InFlight {
  count = 0
  private waiters: (() => void)[] = []

  watch(server: Server): void {
    server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
      this.count++
      response.once('close', () => {
        this.count--
        if (this.count === 0) for (const wake of this.waiters.splice(0)) wake()
      })
    })
  }

  /** True when every request finished within `timeoutMs`. */
  drained(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true)
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs)
      this.waiters.push(() => {
        clearTimeout(timer)
        resolve(true)
      })
    })
  }
}

function statusLine(code: string | undefined): string {
  if (code === 'HPE_HEADER_OVERFLOW') return '431 Request Header Fields Too Large'
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return '408 Request Timeout'
  return '400 Bad Request'
}

/**
 * Node's default answer to a request its parser refuses is to write the status and destroy the
 * socket; a client still sending its (long) request then sees a reset instead of the answer. Here
 * the answer is written, the socket half-closed, and what the client still sends is read and
 * dropped until the client goes quiet, so the client reads a 431 (or 400/408).
 */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (socket.destroyed || !socket.writable) {
      socket.destroy()
      return
    }
    const status = statusLine(error.code)
    const body = JSON.stringify({ message: status.slice(4) })
    socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`)
    // The HTTP parser would otherwise read on, fail again and report the same client a second time.
    socket.removeAllListeners('data')
    let drained = 0
    let idle = setTimeout(() => socket.destroy(), LINGER_IDLE_MS).unref()
    const deadline = setTimeout(() => socket.destroy(), LINGER_MAX_MS).unref()
    socket.on('data', (chunk: Buffer) => {
      drained += chunk.length
      clearTimeout(idle)
      if (drained > LINGER_MAX_BYTES) socket.destroy()
      else idle = setTimeout(() => socket.destroy(), LINGER_IDLE_MS).unref()
    })
    socket.on('close', () => {
      clearTimeout(idle)
      clearTimeout(deadline)
    })
    socket.resume()
  })
}
