import { formatDateFixed, formatDateForReader } from '~/lib/format-date'
import { useHydrated } from '~/lib/use-hydrated'

/**
 * A date in the reader's own locale. The server (and the hydrating render) print a fixed form, so
 * hydration matches; the reader's form replaces it right after.
 */
export function LocalDate({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated()
  return (
    <time dateTime={iso} className={className}>
      {hydrated ? formatDateForReader(iso) : formatDateFixed(iso)}
    </time>
  )
}
