// Reading DATA_DIR/mail/ back (npm run mail): the newest messages with their time, recipient,
// subject and links. Only the MIME that nodemailer writes is handled: headers with RFC 2047 words,
// a multipart body whose text/plain part is 7bit, quoted-printable or base64.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { linksIn, mailDir } from './mailer.ts'

export interface StoredMail {
  file: string
  date: string
  to: string
  subject: string
  links: string[]
}

interface Part {
  headers: Map<string, string>
  body: string
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n')
  const end = normalized.indexOf('\n\n')
  const head = end === -1 ? normalized : normalized.slice(0, end)
  const headers = new Map<string, string>()
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body: end === -1 ? '' : normalized.slice(end + 2) }
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\n/g, '')
    .split(/(=[0-9A-F]{2})/i)
    .flatMap((piece) => (/^=[0-9A-F]{2}$/i.test(piece) ? [Number.parseInt(piece.slice(1), 16)] : [...Buffer.from(piece, 'utf8')]))
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function decodeBody(part: Part): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase()
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body)
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return part.body
}

/** The text/plain part of a message (the message itself when it is not multipart). */
function plainText(message: Part): string {
  const type = message.headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!boundary) return decodeBody(message)
  for (const chunk of message.body.split(`--${boundary}`)) {
    const part = splitPart(chunk.replace(/^\n/, ''))
    const partType = part.headers.get('content-type') ?? ''
    if (/^text\/plain/i.test(partType)) return decodeBody(part)
    if (/^multipart\//i.test(partType)) return plainText(part)
  }
  return ''
}

export function parseMail(file: string, raw: string): StoredMail {
  const message = splitPart(raw)
  const header = (name: string) => decodeHeader(message.headers.get(name) ?? '')
  const date = new Date(header('date'))
  return {
    file,
    date: Number.isNaN(date.getTime()) ? header('date') : date.toISOString(),
    to: header('to'),
    subject: header('subject'),
    links: linksIn(plainText(message)),
  }
}

/** The newest `limit` messages, newest first; none when the folder does not exist yet. */
export async function readMailbox(dataDir: string, limit: number): Promise<StoredMail[]> {
  const dir = mailDir(dataDir)
  let names: string[]
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const newest = names.sort().reverse().slice(0, limit)
  return Promise.all(newest.map(async (name) => parseMail(path.join(dir, name), await readFile(path.join(dir, name), 'utf8'))))
}
