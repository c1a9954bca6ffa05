import { describe, expect, it } from 'vitest'
import type { JobPage } from './api/job-openings'
import { closingLabel, salaryLabel } from './job-facts'
import { companyStreetIn, countryName, jobPostingLd, localityOf } from './job-posting'

const site = { siteUrl: 'https://www.example.test', siteName: 'Example Ltd' }

const job: JobPage = {
  id: '5c9aca05-9aec-493d-b965-9c9ff9687c23',
  slug: 'backend-engineer',
  title: 'Backend Engineer',
  location: 'Lagos (Hybrid)',
  country: 'NG',
  street_address: null,
  region: null,
  remote: false,
  department: 'Engineering',
  type: 'Part-time',
  description: '<p>Build.</p>',
  requirements: null,
  salary_min: null,
  salary_max: null,
  salary_currency: null,
  salary_unit: null,
  closes_at: '2026-12-02T16:00:00.000Z',
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-21T09:00:00.000Z',
}

describe('jobPostingLd', () => {
  it('places an on-site role at its town and country, with its closing instant and no salary when none is given', () => {
    const ld = jobPostingLd(site, { job, descriptionHtml: '<p>Build.</p>', logo: '/favicon.svg' })
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      employmentType: 'PART_TIME',
      validThrough: '2026-12-02T16:00:00.000Z',
      url: 'https://www.example.test/careers/backend-engineer',
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Lagos', addressCountry: 'NG' } },
    })
    expect(ld).not.toHaveProperty('baseSalary')
    expect(ld).not.toHaveProperty('jobLocationType')
  })

  it('gives an on-site role its street and region: its own, or the company’s street when the role is in its town', () => {
    const company = '12 Idowu Taylor Street, Victoria Island, Lagos, Nigeria'
    const inTown = jobPostingLd(site, { job: { ...job, region: 'Lagos' }, descriptionHtml: '<p>Build.</p>', logo: '/favicon.svg', companyAddress: company })
    expect(inTown.jobLocation).toEqual({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 Idowu Taylor Street, Victoria Island',
        addressLocality: 'Lagos',
        addressRegion: 'Lagos',
        addressCountry: 'NG',
      },
    })
    const own = { ...job, location: 'Abuja', street_address: '5 Aguiyi Ironsi Street, Maitama', region: 'Federal Capital Territory' }
    expect(jobPostingLd(site, { job: own, descriptionHtml: '<p>Build.</p>', logo: '/favicon.svg', companyAddress: company }).jobLocation).toEqual({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '5 Aguiyi Ironsi Street, Maitama',
        addressLocality: 'Abuja',
        addressRegion: 'Federal Capital Territory',
        addressCountry: 'NG',
      },
    })
    // Elsewhere than the company, with no street of its own: the town and country are all there is.
    const away = { ...job, location: 'Kano (On-site)' }
    expect(jobPostingLd(site, { job: away, descriptionHtml: '<p>Build.</p>', logo: '/favicon.svg', companyAddress: company }).jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Kano', addressCountry: 'NG' },
    })
    expect(companyStreetIn(company, 'lagos')).toBe('12 Idowu Taylor Street, Victoria Island')
    expect(companyStreetIn('Lagos, Nigeria', 'Lagos')).toBeNull()
    expect(companyStreetIn(null, 'Lagos')).toBeNull()
  })

  it('gives pay up to a ceiling as maxValue, not as an exact value', () => {
    const ceiling = { ...job, salary_max: 500000, salary_currency: 'NGN', salary_unit: 'MONTH' }
    expect(jobPostingLd(site, { job: ceiling, descriptionHtml: '<p>Build.</p>', logo: '/favicon.svg' }).baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'NGN',
      value: { '@type': 'QuantitativeValue', maxValue: 500000, unitText: 'MONTH' },
    })
  })

  it('marks a remote role TELECOMMUTE with the name of the country applicants must live in, and gives a single salary figure as value', () => {
    const remote = { ...job, remote: true, closes_at: null, salary_min: 900000, salary_currency: 'NGN', salary_unit: 'MONTH' }
    const ld = jobPostingLd(site, { job: remote, descriptionHtml: '<p>Build.</p>', logo: '/favicon.svg' })
    expect(ld).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'Nigeria' },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'NGN', value: { '@type': 'QuantitativeValue', value: 900000, unitText: 'MONTH' } },
    })
    expect(ld).not.toHaveProperty('jobLocation')
    expect(ld).not.toHaveProperty('validThrough')
  })
})

describe('the facts a role page states', () => {
  it('names a country from its code', () => {
    expect(countryName('NG')).toBe('Nigeria')
    expect(countryName('GB')).toBe('United Kingdom')
  })

  it('takes the town from the first part of a location', () => {
    expect(localityOf('Lagos, with travel across West Africa')).toBe('Lagos')
    expect(localityOf('Abuja')).toBe('Abuja')
  })

  it('states a salary range, a floor, a ceiling, or nothing', () => {
    const pay = { salary_currency: 'NGN', salary_unit: 'YEAR' }
    expect(salaryLabel({ ...pay, salary_min: 30000000, salary_max: 45000000 })).toBe('NGN 30,000,000 – 45,000,000 a year')
    expect(salaryLabel({ ...pay, salary_min: 250000, salary_max: null })).toBe('NGN 250,000 a year')
    expect(salaryLabel({ ...pay, salary_min: null, salary_max: 500000 })).toBe('Up to NGN 500,000 a year')
    expect(salaryLabel({ salary_min: null, salary_max: null, salary_currency: null, salary_unit: null })).toBeNull()
  })

  it('states the closing time in the company time zone', () => {
    expect(closingLabel('2026-12-02T16:00:00.000Z', 'Africa/Lagos')).toMatch(/^2 December 2026(,| at) 17:00 /)
  })
})
