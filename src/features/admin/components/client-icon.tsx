import { Anchor, Building, Feather, Gem, Globe, Sun, Wind, Zap, type LucideIcon } from 'lucide-react'

const ICONS: Record<string, LucideIcon> = { Building, Feather, Globe, Zap, Sun, Wind, Anchor, Gem }

/** A client's named icon (the eight of the admin's set); Building for anything else. */
export function ClientIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Building
  return <Icon aria-hidden className={className} strokeWidth={1.75} />
}
