// schema.org JobPosting for a role's page, shaped as Google's job search reads it: the required
// properties (title, description, datePosted, hiringOrganization, jobLocation, or jobLocationType
// TELECOMMUTE with applicantLocationRequirements for a remote role) and the recommended ones the
// opening has (validThrough, employmentType, baseSalary, directApply, identifier).
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

function baseSalary(job: JobPage): JsonLd | null {
  const { salary_min: min, salary_max: max, salary_currency: currency, salary_unit: unit } = job
  if ((min === null && max === null) || !currency || !unit) return null
  const value =
    min !== null && max !== null && min !== max
      ? { '@type': 'QuantitativeValue', minValue: min, maxValue: max, unitText: unit }
      : { '@type': 'QuantitativeValue', value: min ?? max, unitText: unit }
  return { '@type': 'MonetaryAmount', currency, value }
}

function where(job: JobPage): JsonLd {
  const country = job.country ? { addressCountry: job.country } : {}
  if (job.remote) {
    return {
      jobLocationType: 'TELECOMMUTE',
      ...(job.country ? { applicantLocationRequirements: { '@type': 'Country', name: job.country } } : {}),
    }
  }
  return { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: localityOf(job.location), ...country } } }
}

export interface JobPostingInput {
  job: JobPage
  /** The full description, sanitized HTML. */
  descriptionHtml: string
  /** The company's logo, a path on the site or a URL. */
  logo: string
}

export function jobPostingLd(site: SiteContext, { job, descriptionHtml, logo }: JobPostingInput): JsonLd {
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
    ...where(job),
    directApply: true,
    ...(salary ? { baseSalary: salary } : {}),
  }
}
