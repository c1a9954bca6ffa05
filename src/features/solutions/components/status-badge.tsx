import { Badge } from '~/components/ui/badge'

const LABELS: Record<string, { label: string; tone: 'success' | 'warning' | 'info' }> = {
  Live: { label: 'Live', tone: 'success' },
  Development: { label: 'In Development', tone: 'warning' },
  Available: { label: 'Available', tone: 'info' },
}

/** A solution's status, styled per value (Live, Development, Available). */
export function StatusBadge({ status }: { status: string }) {
  const entry = LABELS[status] ?? { label: status, tone: 'info' as const }
  return (
    <Badge tone={entry.tone}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {entry.label}
    </Badge>
  )
}
