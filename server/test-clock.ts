// The web server's clock for what lasts a while: shared renders and the search quotas' windows.
// Real time, unless the server runs with TEST_CLOCK=1 under a process holding its IPC channel (a
// test that spawned it): then the message {"advanceMs": n} moves this process's clock n ms forward
// and is answered {"clockNow": ms since the epoch}, so a test sees a render expire or a new second
// begin without waiting for it (a single-process server: with WEB_CONCURRENCY > 1 the workers keep
// real time). Forward only, and nothing on the network can reach it.

let offsetMs = 0

/** Milliseconds since the epoch, as this process's clock reads. */
export function now(): number {
  return Date.now() + offsetMs
}

function advanceBy(message: unknown): number | null {
  if (typeof message !== 'object' || message === null || !('advanceMs' in message)) return null
  const ms = message.advanceMs
  return typeof ms === 'number' && Number.isInteger(ms) && ms >= 0 ? ms : null
}

/** Takes clock moves from the parent process; the channel does not keep the process alive. */
export function listenForTestClock(): void {
  if (!process.send) return
  process.on('message', (message) => {
    const ms = advanceBy(message)
    if (ms === null) return
    offsetMs += ms
    process.send?.({ clockNow: now() })
  })
  process.channel?.unref()
}
