// The body of a post to a rendered route, read here before React Router sees it: counted as it
// arrives whatever its framing (Content-Length or chunked), refused the moment it passes its
// route's limit, and read within a deadline, so a client that sends slowly, or stops, cannot hold a
// connection and the bytes it sent. The deadline moves with the bytes that arrived: a body must
// keep up at least MIN_BYTES_PER_SECOND after a grace period (a 5 MB CV then has about 50 s; one
// that stalls after its first megabyte is cut 18 s after it started). Read by the clock of
// test-clock.ts, so a test moves time on instead of waiting.
import { now as clockNow } from './test-clock.ts'
import type { SlotRefusal, UploadSlots } from './upload-slots.ts'

export type BodyRead = { kind: 'read'; body: Uint8Array<ArrayBuffer> } | { kind: 'too-large' } | { kind: 'too-slow' } | { kind: 'aborted' }

const GRACE_MS = 10_000
const MIN_BYTES_PER_SECOND = 128 * 1024

// How much of a refused body is read and thrown away after the 413 has gone out, so a browser can
// finish sending and show the answer; past it, or past its deadline, the connection is closed.
const DISCARD_MAX_BYTES = 32 * 1024 * 1024

interface Watched {
  started: number
  received: number
  expire(): void
}

// Every body being read, checked twice a second against its deadline.
const watched = new Set<Watched>()
let sweeper: NodeJS.Timeout | undefined

function deadlineOf({ started, received }: Watched): number {
  return started + GRACE_MS + (received / MIN_BYTES_PER_SECOND) * 1000
}

function watch(entry: Watched): () => void {
  watched.add(entry)
  sweeper ??= setInterval(() => {
    const now = clockNow()
    for (const each of watched) {
      if (now < deadlineOf(each)) continue
      watched.delete(each)
      each.expire()
    }
  }, 500).unref()
  return () => watched.delete(entry)
}

/** Reads and drops the rest of a refused body in the background, within the deadline it had. */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, { started, received }: Watched): void {
  const entry: Watched = { started, received, expire: () => void reader.cancel().catch(() => undefined) }
  const unwatch = watch(entry)
  void (async () => {
    let dropped = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      dropped += value.byteLength
      entry.received += value.byteLength
      if (dropped > DISCARD_MAX_BYTES) return reader.cancel()
    }
  })()
    .catch(() => undefined)
    .finally(unwatch)
}

/**
 * The request's body, or why there is none: past `limit` (nothing more is kept), too slow for its
 * deadline, or the client went away while sending it.
 */
export async function readBody(request: Request, limit: number): Promise<BodyRead> {
  const reader = request.body!.getReader()
  const entry: Watched = { started: clockNow(), received: 0, expire: () => undefined }
  if (Number(request.headers.get('content-length') ?? 0) > limit) {
    discardRest(reader, entry)
    return { kind: 'too-large' }
  }
  const expired = new Promise<'too-slow'>((resolve) => (entry.expire = () => resolve('too-slow')))
  const unwatch = watch(entry)
  const chunks: Uint8Array[] = []
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), expired])
      // Not cancelled, which would close the connection before the answer: the read still pending
      // settles when the connection closes after it.
      if (next === 'too-slow') return { kind: 'too-slow' }
      if (next.done) break
      entry.received += next.value.byteLength
      if (entry.received > limit) {
        discardRest(reader, entry)
        return { kind: 'too-large' }
      }
      chunks.push(next.value)
    }
  } catch {
    // The only way a read of an incoming body fails: its connection closed before it ended.
    return { kind: 'aborted' }
  } finally {
    unwatch()
  }
  const body = Buffer.concat(chunks, entry.received)
  return { kind: 'read', body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) }
}

/**
 * A post's body as readBody reads it; an upload only in a free slot of `upload.slots` (held while
 * it is read), and without one refused before any of it is read.
 */
export async function readPostBody(
  request: Request,
  limit: number,
  upload?: { slots: UploadSlots; client: string },
): Promise<BodyRead | { kind: SlotRefusal }> {
  if (!upload) return readBody(request, limit)
  const slot = upload.slots.take(upload.client)
  if ('refused' in slot) return { kind: slot.refused }
  try {
    return await readBody(request, limit)
  } finally {
    slot.release()
  }
}
