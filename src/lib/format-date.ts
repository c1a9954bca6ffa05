// Dates for readers. The server cannot know the reader's locale or time zone, so it renders a fixed
// form (en-GB, UTC) that the browser then replaces after hydration (see LocalDate): the first client
// render matches the server's HTML exactly, so there is no hydration mismatch.
const FIXED = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

export function formatDateFixed(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : FIXED.format(date)
}

export function formatDateForReader(iso: string, locale?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(date)
}
