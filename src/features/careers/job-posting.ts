// schema.org JobPosting for a role's page, shaped as Google's job search reads it: the required
// properties (title, description, datePosted, hiringOrganization, jobLocation with as much of the
// address as is known, or jobLocationType TELECOMMUTE with applicantLocationRequirements naming
// the country for a remote role) and the recommended ones the opening has (validThrough,
// employmentType, baseSalary, directApply, identifier).
import { absoluteUrl, type SiteContext } from '~/lib/seo'
import type { JobPage } from './api/job-openings'

type JsonLd = Record<string, unknown>

const EMPLOYMENT_TYPES: Record<string, string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Internship: 'INTERN',
}

/** The town of a free-text location: its first part, before a comma or a bracket ("Lagos (Hybrid)" → "Lagos"). */
export function localityOf(location: string): string {
  return location.split(/[,(]/)[0]!.trim() || location.trim()
}

/** A range, a ceiling ("up to", `maxValue`), or one exact figure. */
function baseSalary(job: JobPage): JsonLd | null {
  const { salary_min: min, salary_max: max, salary_currency: currency, salary_unit: unit } = job
  if ((min === null && max === null) || !currency || !unit) return null
  const amount = min !== null && max !== null && min !== max ? { minValue: min, maxValue: max } : min === null ? { maxValue: max } : { value: min }
  return { '@type': 'MonetaryAmount', currency, value: { '@type': 'QuantitativeValue', ...amount, unitText: unit } }
}

/** A country's English name from its ISO 3166 code ("NG" → "Nigeria"); the code when unknown. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(code) ?? code
  } catch {
    return code
  }
}

function parts(address: string): string[] {
  return address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
}

/**
 * The street of the company's address ("12 Idowu Taylor Street, Victoria Island, Lagos, Nigeria")
 * when it is in `locality`: what comes before the town. Null when the company is elsewhere.
 */
export function companyStreetIn(companyAddress: string | null | undefined, locality: string): string | null {
  const all = parts(companyAddress ?? '')
  const town = all.findIndex((part) => part.toLowerCase() === locality.toLowerCase())
  return town > 0 ? all.slice(0, town).join(', ') : null
}

function where(job: JobPage, companyAddress: string | null | undefined): JsonLd {
  if (job.remote) {
    return {
      jobLocationType: 'TELECOMMUTE',
      ...(job.country ? { applicantLocationRequirements: { '@type': 'Country', name: countryName(job.country) } } : {}),
    }
  }
  const locality = localityOf(job.location)
  const street = job.street_address ?? companyStreetIn(companyAddress, locality)
  const address = {
    '@type': 'PostalAddress',
    ...(street ? { streetAddress: street } : {}),
    addressLocality: locality,
    ...(job.region ? { addressRegion: job.region } : {}),
    ...(job.country ? { addressCountry: job.country } : {}),
  }
  return { jobLocation: { '@type': 'Place', address } }
}

export interface JobPostingInput {
  job: JobPage
  /** The full description, sanitized HTML. */
  descriptionHtml: string
  /** The company's logo, a path on the site or a URL. */
  logo: string
  /** The company's address (site setting), for an on-site role in its town that gives no street. */
  companyAddress?: string | null
}

export function jobPostingLd(site: SiteContext, { job, descriptionHtml, logo, companyAddress }: JobPostingInput): JsonLd {
  const salary = baseSalary(job)
  const employmentType = EMPLOYMENT_TYPES[job.type]
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml,
    datePosted: job.created_at,
    // The closing time is stored as an instant; the company's zone only decides how it is shown.
    ...(job.closes_at ? { validThrough: new Date(job.closes_at).toISOString() } : {}),
    ...(employmentType ? { employmentType } : {}),
    hiringOrganization: { '@type': 'Organization', name: site.siteName, sameAs: absoluteUrl(site, '/'), logo: absoluteUrl(site, logo) },
    identifier: { '@type': 'PropertyValue', name: site.siteName, value: job.id },
    url: absoluteUrl(site, `/careers/${job.slug}`),
    ...where(job, companyAddress),
    directApply: true,
    ...(salary ? { baseSalary: salary } : {}),
  }
}
