// The web server's log: one JSON object per line (pino), so a log shipper can index it, and
// readable text when a person watches it in a terminal. Every line written while a request is
// being answered carries that request's id (reqId), console output of the app included: the id
// lives in an AsyncLocalStorage that follows the request through every await.
import { AsyncLocalStorage } from 'node:async_hooks'
import { format } from 'node:util'
import pino, { type Logger } from 'pino'
import pretty from 'pino-pretty'
import { logLinesDropped } from './metrics.ts'

export const requestScope = new AsyncLocalStorage<{ requestId: string }>()

export interface LogOptions {
  level: string
  /** Human-readable lines instead of JSON (the default when stdout is a terminal). */
  pretty: boolean
}

function create({ level, pretty: readable }: LogOptions): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const scope = requestScope.getStore()
      return scope ? { reqId: scope.requestId } : {}
    },
  }
  // A terminal is written to as each line comes.
  return readable ? pino(options, pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })) : pino(options, new LogDestination())
}

// A write to the log takes what waits, up to this much: a busy server's event loop turns every
// 15 ms or so, and 16 kB a write (pino's default) falls behind 13,000 lines a second.
const LOG_WRITE_BYTES = 2 ** 20
// At most this much of the log waits in memory for a reader that has stopped or fallen behind;
// past it, lines are dropped and counted (log_lines_dropped_total), so the log never grows the
// process without bound.
export const LOG_BACKLOG_BYTES = 32 * 2 ** 20

type Sink = ReturnType<typeof pino.destination>

/**
 * Where JSON lines go (stdout, or `fd`), written without waiting: stdout is often a pipe to a log
 * collector, and a synchronous write to a full pipe stops the event loop (every request waits)
 * until the reader catches up. The lines of one event-loop turn are handed over as one string (the
 * writer measures its pending text at each hand-over, so a hand-over per line would cost more the
 * further it falls behind). What is left is written synchronously when the process exits, an
 * uncaught error included.
 */
export class LogDestination {
  private lines: string[] = []
  private handOverScheduled = false
  private readonly sink: Sink

  constructor(fd: number | string = 1) {
    this.sink = pino.destination({ dest: fd, sync: false, maxWrite: LOG_WRITE_BYTES, maxLength: LOG_BACKLOG_BYTES })
    this.sink.on('drop', (text: string) => logLinesDropped.inc(text.split('\n').length - 1))
    process.on('exit', () => {
      this.handOver()
      try {
        this.sink.flushSync()
      } catch {
        // Not open yet, or closed: there is nowhere left to write to.
      }
    })
  }

  write(line: string): boolean {
    this.lines.push(line)
    if (!this.handOverScheduled) {
      this.handOverScheduled = true
      setImmediate(this.handOver)
    }
    return true
  }

  /** Calls back once everything written so far has reached the file or pipe. */
  flush(done: (error?: Error) => void): void {
    this.handOver()
    this.sink.flush(done)
  }

  private readonly handOver = (): void => {
    this.handOverScheduled = false
    if (this.lines.length === 0) return
    const text = this.lines.join('')
    this.lines = []
    this.sink.write(text)
  }
}

export let log: Logger = create({ level: 'info', pretty: false })

/** Sets the level and format, and sends console output through the log so it gets the same shape. */
export function configureLog(options: LogOptions): Logger {
  log = create(options)
  console.log = (...args: unknown[]) => log.info(format(...args))
  console.info = console.log
  console.warn = (...args: unknown[]) => log.warn(format(...args))
  console.error = (...args: unknown[]) => {
    const error = args.find((arg): arg is Error => arg instanceof Error)
    const text = format(...args.filter((arg) => arg !== error))
    if (error) log.error({ err: error }, text || error.message)
    else log.error(text)
  }
  return log
}

/** The token segment of a newsletter link (confirm, unsubscribe) or a preview link, in any spelling. */
const TOKEN_SEGMENT = /((?:^|\/)(?:newsletter\/+(?:confirm|unsubscribe)|preview)\/+)[^/]+/gi
/** A CV's object name (the applicant's own file name) in a proxied Storage path. */
const CV_OBJECT = /(\/storage\/v1\/object\/(?:[a-z]+\/)*applications\/).+/gi

/**
 * A request path as the log may hold it: the token of a personal link and the name of a CV
 * replaced, since a log is read and kept by more people than the links were sent to.
 */
export function loggedPath(path: string): string {
  let decoded = path
  try {
    decoded = decodeURI(path)
  } catch {
    // A malformed escape is redacted as it came.
  }
  if (!decoded.match(TOKEN_SEGMENT) && !decoded.match(CV_OBJECT)) return path
  return (
    decoded
      .replace(TOKEN_SEGMENT, '$1[token]')
      .replace(CV_OBJECT, '$1[file]')
      // eslint-disable-next-line no-control-regex -- a decoded path may hold control characters; the log line must not
      .replace(/[\u0000-\u001f\u007f]/g, '?')
  )
}
