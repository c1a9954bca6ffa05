// Small readers for server HTML in tests: the head's tags and the text of an element.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' }

export function decode(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (ENTITIES[name.toLowerCase()]) return ENTITIES[name.toLowerCase()]
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10))
    return whole
  })
}

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {}
  for (const match of tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)) found[match[1]] = decode(match[2])
  return found
}

export interface PageHead {
  title: string | null
  meta: Record<string, string>
  canonical: string | null
  jsonLd: Record<string, unknown>[]
}

export function readHead(html: string): PageHead {
  const head = html.slice(0, html.indexOf('</head>'))
  const meta: Record<string, string> = {}
  for (const tag of head.match(/<meta [^>]*>/g) ?? []) {
    const attrs = attributes(tag)
    const key = attrs.property ?? attrs.name
    if (key && attrs.content !== undefined) meta[key] = attrs.content
  }
  const canonicalTag = (head.match(/<link [^>]*>/g) ?? []).map(attributes).find((attrs) => attrs.rel === 'canonical')
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  )
  const title = head.match(/<title>([\s\S]*?)<\/title>/)
  return { title: title ? decode(title[1]) : null, meta, canonical: canonicalTag?.href ?? null, jsonLd }
}

/** Visible text of the first element matching `tag`, tags stripped and entities decoded. */
export function textOf(html: string, tag: string): string | null {
  const match = html.match(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`))
  return match
    ? decode(match[1].replace(/<[^>]+>/g, ''))
        .replace(/\s+/g, ' ')
        .trim()
    : null
}

/** Every text of `tag` elements. */
export function textsOf(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
    decode(m[1].replace(/<[^>]+>/g, ''))
      .replace(/\s+/g, ' ')
      .trim(),
  )
}
