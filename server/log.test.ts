import { execFileSync } from 'node:child_process'
import { closeSync, constants, openSync, readSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOG_BACKLOG_BYTES, LogDestination, loggedPath } from './log.ts'
import { logLinesDropped } from './metrics.ts'

describe('loggedPath', () => {
  it('replaces the token of a newsletter or preview link, in any spelling', () => {
    expect(loggedPath('/newsletter/confirm/AbC_123-xyz')).toBe('/newsletter/confirm/[token]')
    expect(loggedPath('/newsletter/confirm/AbC_123-xyz.data')).toBe('/newsletter/confirm/[token]')
    expect(loggedPath(`/newsletter/unsubscribe/${'a'.repeat(64)}`)).toBe('/newsletter/unsubscribe/[token]')
    expect(loggedPath('/Newsletter//Unsubscribe/abc/')).toBe('/Newsletter//Unsubscribe/[token]/')
    expect(loggedPath('/preview/0123abcd')).toBe('/preview/[token]')
    expect(loggedPath('/%6Eewsletter/confirm/secret')).toBe('/newsletter/confirm/[token]')
  })

  it("replaces a CV's file name in a proxied Storage path", () => {
    expect(loggedPath('/storage/v1/object/sign/applications/0b7c/jane-doe-cv.pdf')).toBe('/storage/v1/object/sign/applications/[file]')
    expect(loggedPath('/storage/v1/object/applications/0b7c/jane-doe-cv.pdf')).toBe('/storage/v1/object/applications/[file]')
    expect(loggedPath('/storage/v1/object/public/media/blog/a.png')).toBe('/storage/v1/object/public/media/blog/a.png')
  })

  it('leaves every other path as it is', () => {
    expect(loggedPath('/resources/blog/newsletter-tips')).toBe('/resources/blog/newsletter-tips')
    expect(loggedPath('/leads/newsletter')).toBe('/leads/newsletter')
    expect(loggedPath('/newsletter/confirm')).toBe('/newsletter/confirm')
    expect(loggedPath('/caf%C3%A9')).toBe('/caf%C3%A9')
    expect(loggedPath('/%0A/preview/x')).toBe('/?/preview/[token]')
  })
})

describe('LogDestination', () => {
  it('keeps at most LOG_BACKLOG_BYTES waiting while the reader has stopped, dropping whole lines past it and counting them', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'log-destination-'))
    const fifo = path.join(dir, 'collector')
    execFileSync('mkfifo', [fifo])
    // The log collector: it holds the pipe open and reads nothing until told to.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
    const writer = openSync(fifo, 'w')
    const destination = new LogDestination(writer)
    const droppedBefore = (await logLinesDropped.get()).values[0]?.value ?? 0

    const line = `${JSON.stringify({ level: 30, msg: 'request', path: '/'.padEnd(200, 'x') })}\n`
    const lineBytes = Buffer.byteLength(line)
    const lines = Math.ceil((2 * LOG_BACKLOG_BYTES) / lineBytes)
    for (let i = 0; i < lines; i += 1000) {
      for (let j = i; j < Math.min(i + 1000, lines); j++) destination.write(line)
      await new Promise((resolve) => setImmediate(resolve))
    }
    await new Promise((resolve) => setImmediate(resolve))
    const dropped = ((await logLinesDropped.get()).values[0]?.value ?? 0) - droppedBefore

    // The collector catches up: everything not dropped arrives, whole lines in order.
    let received = ''
    const chunk = Buffer.alloc(2 ** 20)
    while (received.length < (lines - dropped) * lineBytes) {
      try {
        const n = readSync(reader, chunk)
        received += chunk.toString('utf8', 0, n)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }
    closeSync(reader)
    const written = received.split('\n').filter(Boolean)
    expect(dropped).toBeGreaterThan(0)
    expect(written.length + dropped).toBe(lines)
    expect(written.every((text) => text === line.trimEnd())).toBe(true)
    // What got through while the reader had stopped: the backlog, the pipe's own buffer and a write under way.
    expect(written.length * lineBytes).toBeLessThanOrEqual(LOG_BACKLOG_BYTES + 4 * 2 ** 20)
    await rm(dir, { recursive: true, force: true })
  })
})
