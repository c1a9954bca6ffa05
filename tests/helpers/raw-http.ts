// HTTP/1.1 exchanges written exactly as a test says, where fetch would tidy the request up: any Host,
// absolute-form targets, chunked bodies, and bodies that stop half-way.
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http'

export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

export interface RawRequest {
  method?: string
  headers?: Record<string, string>
  /** Written as chunks (chunked framing unless a content-length header is given). */
  chunks?: Iterable<Buffer | string>
  /** Leave the body unfinished: the answer must come while the client is still sending. */
  keepOpen?: boolean
}

/** One exchange with the server at `serverUrl`: `target` may be absolute-form, Host anything. */
export function rawHttp(
  serverUrl: string,
  target: string,
  { method = 'GET', headers = {}, chunks = [], keepOpen = false }: RawRequest = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(serverUrl)
  return new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error(`no answer to ${method} ${target} in 15 s`)), 15_000).unref()
    const req = httpRequest({ hostname, port, method, path: target, headers, setHost: !('host' in headers) }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (chunk: Buffer) => parts.push(chunk))
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8') })
        if (keepOpen) req.destroy()
      })
      res.on('error', reject)
    })
    // A server that refuses a body answers and closes while the client may still be writing it.
    req.on('error', (error) => setTimeout(() => reject(error), 500).unref())
    req.flushHeaders()
    for (const chunk of chunks) req.write(chunk)
    if (!keepOpen) req.end()
  })
}

/** A request whose body is being sent: the answer, if one comes before the test ends it, and the request to stop. */
export interface OpenUpload {
  request: ClientRequest
  /** Settles with the answer's status and headers as soon as they arrive. */
  answer: Promise<{ status: number; headers: IncomingHttpHeaders }>
  /** Whether the server has closed the connection. */
  closed(): boolean
}

/** Starts a post and writes `sent` of its body, then leaves it open (a stalled upload). */
export function openUpload(serverUrl: string, target: string, headers: Record<string, string>, sent: Buffer): OpenUpload {
  const { hostname, port } = new URL(serverUrl)
  const request = httpRequest({ hostname, port, method: 'POST', path: target, headers })
  let closed = false
  request.on('close', () => (closed = true))
  const answer = new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume()
      resolve({ status: res.statusCode ?? 0, headers: res.headers })
    })
    request.on('error', reject)
  })
  answer.catch(() => undefined)
  request.flushHeaders()
  if (sent.length > 0) request.write(sent)
  return { request, answer, closed: () => closed }
}
