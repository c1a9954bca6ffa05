// A role's pay and closing time as its page states them, worked out on the server so the page
// reads the same before and after hydration.
import type { JobPage } from './api/job-openings'

const PER: Record<string, string> = { HOUR: 'an hour', DAY: 'a day', WEEK: 'a week', MONTH: 'a month', YEAR: 'a year' }

/** "NGN 30,000,000 – 45,000,000 a year" (or one figure, or "Up to …"), or null when no salary is given. */
export function salaryLabel(job: Pick<JobPage, 'salary_min' | 'salary_max' | 'salary_currency' | 'salary_unit'>): string | null {
  const { salary_min: min, salary_max: max, salary_currency: currency, salary_unit: unit } = job
  if ((min === null && max === null) || !currency || !unit) return null
  const amount = (value: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(value)
  const per = PER[unit] ?? ''
  if (min === null) return `Up to ${currency} ${amount(max!)} ${per}`.trim()
  const figures = max !== null && max !== min ? `${amount(min)} – ${amount(max)}` : amount(min)
  return `${currency} ${figures} ${per}`.trim()
}

/** "2 December 2026, 17:00 WAT": the closing time in the company's time zone. */
export function closingLabel(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(iso))
}
