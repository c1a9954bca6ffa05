import { Bot, Code2, CreditCard, GraduationCap, Landmark, Users, type LucideIcon } from 'lucide-react'

const ICONS: Record<string, LucideIcon> = { Landmark, Bot, CreditCard, Users, GraduationCap, Code2 }

export function SolutionIcon({ name, className = 'size-6' }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Landmark
  return <Icon aria-hidden="true" className={className} strokeWidth={1.75} />
}
