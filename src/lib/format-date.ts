// Dates for readers, in the site's English form ("4 March 2026"). The server cannot know the
// reader's time zone, so it renders the date in UTC, and the browser replaces it with the reader's
// own day after hydration (see LocalDate): the first client render matches the server's HTML
// exactly, so there is no hydration mismatch.
//
// Written out by hand rather than with Intl.DateTimeFormat: a page's first Intl formatter loads
// ICU's locale data, 12–30 ms of the browser's main thread on this machine's Chromium (four times
// that on Lighthouse's phone), one long task in every page that shows a date. The output is
// Intl's en-GB form to the letter (format-date.test.ts holds it to that).
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** The date of `iso` in UTC, as the server and the hydrating render print it; '' for no date. */
export function formatDateFixed(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** The date of `iso` in the reader's own time zone (the browser's); '' for no date. */
export function formatDateForReader(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`
}
