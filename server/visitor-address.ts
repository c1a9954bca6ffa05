// Who the visitor is, as far as this server can tell: the socket's peer, or, only when TRUST_PROXY
// says how many proxies stand in front, the address the outermost trusted proxy saw. A visitor can
// put anything in X-Forwarded-For themselves, so without a trusted proxy the header is ignored.

/** `::ffff:203.0.113.9` (IPv4 on a dual-stack socket) → `203.0.113.9`. */
export function normalizeAddress(address: string | undefined | null): string | null {
  if (!address) return null
  const trimmed = address.trim()
  if (trimmed === '') return null
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed
}

export function visitorAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trustedHops: number): string | null {
  const peer = normalizeAddress(socketAddress)
  if (trustedHops === 0 || !forwardedFor) return peer
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  if (entries.length === 0) return peer
  // Each trusted proxy appended the address it saw, so the visitor is `trustedHops` from the right;
  // anything further left was written by the visitor and is not believed.
  return normalizeAddress(entries[Math.max(0, entries.length - trustedHops)])
}
