import { formatDateFixed, formatDateForReader } from '~/lib/format-date'
import { useHydrated } from '~/lib/use-hydrated'

/**
 * A date on the reader's own calendar. The server (and the hydrating render) print its day in UTC,
 * so hydration matches; the day in the reader's time zone replaces it right after.
 */
export function LocalDate({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated()
  return (
    <time dateTime={iso} className={className}>
      {hydrated ? formatDateForReader(iso) : formatDateFixed(iso)}
    </time>
  )
}
