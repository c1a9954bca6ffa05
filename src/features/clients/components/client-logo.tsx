import { Anchor, Building, Feather, Gem, Globe, Sun, Wind, Zap, type LucideIcon } from 'lucide-react'
import type { Client } from '../api/clients'

const ICONS: Record<string, LucideIcon> = { Building, Feather, Globe, Zap, Sun, Wind, Anchor, Gem }

/** A client's logo image when logo_url is set, otherwise its icon with the name. */
export function ClientLogo({ client }: { client: Client }) {
  if (client.logo) {
    return (
      <img
        {...client.logo}
        alt={client.name}
        width={274}
        height={80}
        loading="lazy"
        decoding="async"
        className="h-10 w-auto opacity-80 grayscale transition hover:opacity-100 hover:grayscale-0 sm:h-12"
      />
    )
  }
  const Icon = ICONS[client.icon] ?? Building
  return (
    <span className="inline-flex h-10 items-center gap-2 text-base font-semibold whitespace-nowrap text-slate-600 sm:h-12">
      <Icon aria-hidden="true" className="size-6 text-slate-500" strokeWidth={1.75} />
      {client.name}
    </span>
  )
}
