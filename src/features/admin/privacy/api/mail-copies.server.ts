// The local copies of e-mails (DATA_DIR/mail/*.eml, written when there is no SMTP_URL): a
// confirmation mailed to a subscriber, a new-lead e-mail to staff that names the visitor. An erasure
// removes every copy that names the erased address exactly: as a recipient, in the text, or inside
// a link (percent-encoded). A longer address that contains it is someone else's.
import { readdir, readFile, unlink } from 'node:fs/promises'
import path from 'node:path'

interface Part {
  head: string
  body: string
}

function splitPart(raw: string): Part {
  const end = raw.indexOf('\n\n')
  return end === -1 ? { head: raw, body: '' } : { head: raw.slice(0, end), body: raw.slice(end + 2) }
}

function headerOf(head: string, name: string): string {
  return new RegExp(`^${name}:(.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
}

function quotedPrintable(text: string): string {
  const bytes: number[] = []
  const soft = text.replace(/=\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? /^[0-9A-F]{2}/i.exec(soft.slice(i + 1, i + 3)) : null
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16))
      i += 2
    } else bytes.push(...Buffer.from(soft[i], 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 words in headers (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
function encodedWords(head: string): string {
  return head.replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : quotedPrintable(text.replace(/_/g, ' ')),
  )
}

/** Every header and every text part of a message, decoded. */
function readableText(raw: string): string {
  const { head, body } = splitPart(raw)
  const unfolded = head.replace(/\n[ \t]+/g, ' ')
  const boundary = /boundary="?([^";]+)"?/i.exec(headerOf(unfolded, 'content-type'))?.[1]
  if (boundary) {
    const parts = body.split(`--${boundary}`).map((part) => readableText(part.replace(/^\n/, '')))
    return [encodedWords(unfolded), ...parts].join('\n')
  }
  const encoding = headerOf(unfolded, 'content-transfer-encoding').toLowerCase()
  const text =
    encoding === 'quoted-printable' ? quotedPrintable(body) : encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body
  return `${encodedWords(unfolded)}\n${text}`
}

/** Percent-encoded runs decoded where they decode (links carry the address as %40). */
function percentDecoded(text: string): string {
  return text.replace(/(?:%[0-9A-F]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}

/**
 * True when the message names `address` (compared trimmed and lower-cased) as a whole address. In a
 * link an address follows `=`, `?`, `&`, `/` or `:`, so each such start is tried as well; a dot is
 * never a start, so `press.eve@x` does not name `eve@x`.
 */
export function mailNamesAddress(raw: string, address: string): boolean {
  const wanted = address.trim().toLowerCase()
  const text = percentDecoded(readableText(raw.replace(/\r\n/g, '\n')))
  for (const [token] of text.matchAll(/[^\s<>()[\]",;@]+@[^\s<>()[\]",;@&?/#=:']+/g)) {
    const candidate = token.toLowerCase().replace(/[.]+$/, '')
    const starts = [0, ...[...candidate.matchAll(/[=?&/:]/g)].map((match) => match.index + 1)]
    if (starts.some((start) => candidate.slice(start) === wanted)) return true
  }
  return false
}

/** Removes the .eml files in `mailDir` that name `address`; returns how many went. */
export async function removeMailCopies(mailDir: string, address: string): Promise<number> {
  let names: string[]
  try {
    names = (await readdir(mailDir)).filter((name) => name.endsWith('.eml'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw error
  }
  let removed = 0
  for (const name of names) {
    const file = path.join(mailDir, name)
    if (mailNamesAddress(await readFile(file, 'utf8'), address)) {
      await unlink(file)
      removed += 1
    }
  }
  return removed
}
