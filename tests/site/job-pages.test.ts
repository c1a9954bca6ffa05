// Each job opening's own page, /careers/{slug}, as a crawler or a visitor without JavaScript gets it
// from the built app on the real local backend: the role, its application form, and JobPosting data
// complete by Google's job search lists; a closed role answers 410 and leaves /careers and the
// sitemap at once.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readHead, textsOf } from '../helpers/html.ts'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'
import { siteOnBackend, type SiteHandler } from '../helpers/site-build.ts'

const SITE_URL = 'https://www.ledgerfield.test'
let backend: LocalBackend
let service: SupabaseClient
let get: SiteHandler

beforeAll(async () => {
  backend = await startLocalBackend()
  service = backend.service()
  get = await siteOnBackend(backend, SITE_URL)
}, 240_000)

afterAll(async () => {
  await backend?.dispose()
})

async function page(path: string): Promise<{ status: number; html: string; location: string | null }> {
  const response = await get(path, { redirect: 'manual' })
  return { status: response.status, html: await response.text(), location: response.headers.get('location') }
}

interface SeededJob {
  id: string
  slug: string
  title: string
  remote: boolean
  salary_min: number | null
}

async function openJobs(): Promise<SeededJob[]> {
  const { data, error } = await service.from('job_openings').select('id, slug, title, remote, salary_min').eq('active', true)
  expect(error).toBeNull()
  return data!
}

// Google Search Central, "Job posting (JobPosting) structured data": the required properties, and
// the recommended ones. validThrough is required when the role has a closing date; a remote role
// gives jobLocationType TELECOMMUTE and applicantLocationRequirements instead of (or with) jobLocation.
const GOOGLE_REQUIRED = ['datePosted', 'description', 'hiringOrganization', 'title'] as const
const GOOGLE_RECOMMENDED = ['directApply', 'employmentType', 'identifier'] as const

function jobPostingOf(html: string): Record<string, unknown> {
  const postings = readHead(html).jsonLd.filter((ld) => ld['@type'] === 'JobPosting')
  expect(postings).toHaveLength(1)
  return postings[0]!
}

describe("each open role's page", () => {
  it('/careers links every open role to its own page', async () => {
    const { html } = await page('/careers')
    for (const job of await openJobs()) expect(html).toContain(`href="/careers/${job.slug}"`)
    expect(html).not.toContain('href="/careers/data-analyst-collections"')
  })

  it('shows the role, its description as HTML, and the application form working without JavaScript', async () => {
    const { status, html } = await page('/careers/senior-backend-engineer-core-banking')
    expect(status).toBe(200)
    expect(textsOf(html, 'h1')).toEqual(['Senior Backend Engineer, Core Banking'])
    const head = readHead(html)
    expect(head.title).toBe('Senior Backend Engineer, Core Banking | Ledgerfield Technologies')
    expect(head.canonical).toBe(`${SITE_URL}/careers/senior-backend-engineer-core-banking`)
    expect(head.meta.robots).toBeUndefined()
    for (const fact of ['Engineering', 'Lagos (Hybrid)', 'Full-time', 'NGN 30,000,000 – 45,000,000 a year']) expect(html).toContain(fact)
    // The outline: the role, its description, the apply form; no level skipped.
    expect(textsOf(html, 'h2').slice(0, 3)).toEqual(['About the role', 'Requirements', 'Apply for this role'])
    // The stored HTML is rendered as HTML; the plain-text requirements follow as paragraphs.
    expect(html).toContain('<h3>What you will do</h3><ul><li>Design and build services for the ledger and posting engine.</li>')
    expect(html).toContain('<h2>Requirements</h2><p>Five or more years building backend systems')
    // A plain HTML form: posts to this page, with the CV, and every field the action reads.
    const form = /<form [^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? ''
    const formTag = /<form [^>]*>/.exec(form)?.[0] ?? ''
    for (const attribute of ['method="post"', 'action="/careers/senior-backend-engineer-core-banking"', 'encType="multipart/form-data"'])
      expect(formTag).toContain(attribute)
    for (const name of ['name', 'email', 'phone', 'coverNote', 'cv']) expect(form).toContain(`name="${name}"`)
    expect(form).toMatch(/<button [^>]*type="submit"/)
  })

  it("every open role's JobPosting holds Google's required and recommended properties", async () => {
    const jobs = await openJobs()
    expect(jobs.some((job) => job.remote)).toBe(true)
    for (const job of jobs) {
      const { status, html } = await page(`/careers/${job.slug}`)
      expect(status, job.slug).toBe(200)
      const posting = jobPostingOf(html)
      for (const property of [...GOOGLE_REQUIRED, ...GOOGLE_RECOMMENDED]) expect(posting[property], `${job.slug}: ${property}`).toBeDefined()
      expect(posting.title).toBe(job.title)
      expect(String(posting.description)).toMatch(/^<p>/)
      expect(Number.isNaN(Date.parse(String(posting.datePosted)))).toBe(false)
      expect(posting.directApply).toBe(true)
      expect(posting.employmentType).toMatch(/^(FULL_TIME|PART_TIME|CONTRACTOR|INTERN)$/)
      expect(posting.hiringOrganization).toEqual({
        '@type': 'Organization',
        name: 'Ledgerfield Technologies',
        sameAs: `${SITE_URL}/`,
        logo: `${SITE_URL}/favicon.svg`,
      })
      expect(posting.identifier).toEqual({ '@type': 'PropertyValue', name: 'Ledgerfield Technologies', value: job.id })
      if (job.remote) {
        expect(posting.jobLocationType).toBe('TELECOMMUTE')
        expect(posting.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'Nigeria' })
      } else {
        // The street is the company's (its address setting), for a role in the company's town.
        expect(posting.jobLocation).toEqual({
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            streetAddress: '12 Idowu Taylor Street, Victoria Island',
            addressLocality: 'Lagos',
            addressRegion: 'Lagos',
            addressCountry: 'NG',
          },
        })
      }
      if (job.salary_min !== null) {
        expect(posting.baseSalary).toMatchObject({ '@type': 'MonetaryAmount', currency: 'NGN', value: { '@type': 'QuantitativeValue' } })
      } else {
        expect(posting.baseSalary).toBeUndefined()
      }
    }
  })

  it('gives pay up to a ceiling as maxValue', async () => {
    const { error } = await service
      .from('job_openings')
      .update({ salary_min: null, salary_max: 500000, salary_unit: 'MONTH' })
      .eq('slug', 'software-engineering-intern')
    expect(error).toBeNull()
    const { html } = await page('/careers/software-engineering-intern')
    expect(html).toContain('Up to NGN 500,000 a month')
    expect(jobPostingOf(html).baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'NGN',
      value: { '@type': 'QuantitativeValue', maxValue: 500000, unitText: 'MONTH' },
    })
  })

  it('gives the salary range and the closing time when the role has them', async () => {
    const closesAt = new Date(Date.now() + 7 * 24 * 3600 * 1000)
    closesAt.setUTCSeconds(0, 0)
    const { error } = await service.from('job_openings').update({ closes_at: closesAt.toISOString() }).eq('slug', 'product-designer')
    expect(error).toBeNull()
    const { html } = await page('/careers/product-designer')
    const posting = jobPostingOf(html)
    expect(posting.validThrough).toBe(closesAt.toISOString())
    expect(posting.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'NGN',
      value: { '@type': 'QuantitativeValue', minValue: 18000000, maxValue: 26000000, unitText: 'YEAR' },
    })
    // Stated in the company's time zone (Lagos, UTC+1).
    const lagos = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(closesAt)
    const stated = /Applications close (?:<!-- -->)?([^<]+)/.exec(html)?.[1]
    expect(stated).toMatch(new RegExp(`^\\d{1,2} \\w+ \\d{4}(,| at) ${lagos} `))
  })
})

describe('a closed role', () => {
  it('an inactive role answers 410 with a short noindex page linking to the open roles', async () => {
    const { status, html } = await page('/careers/data-analyst-collections')
    expect(status).toBe(410)
    expect(textsOf(html, 'h1')).toEqual(['This role is closed'])
    expect(readHead(html).meta.robots).toBe('noindex')
    expect(readHead(html).jsonLd.filter((ld) => ld['@type'] === 'JobPosting')).toEqual([])
    expect(html).toContain('This job opening is no longer accepting applications.')
    expect(html).toMatch(/<a [^>]*href="\/careers"[^>]*>See our open roles<\/a>/)
  })

  it('a role past its closing time answers 410 and is out of /careers and the sitemap at once', async () => {
    const { data, error } = await service
      .from('job_openings')
      .insert({
        title: 'Closing Soon Analyst',
        slug: '',
        location: 'Lagos',
        country: 'NG',
        department: 'Data & AI',
        description: '<p>Analyse the closing numbers.</p>',
        closes_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .select('slug')
      .single()
    expect(error).toBeNull()
    const path = `/careers/${data!.slug}`
    expect(data!.slug).toBe('closing-soon-analyst')
    expect((await page(path)).status).toBe(200)
    expect((await page('/careers')).html).toContain(`href="${path}"`)
    expect((await page('/sitemap.xml')).html).toContain(`<loc>${SITE_URL}${path}</loc>`)

    // The closing time passes: nothing is run, the database's visibility rule decides.
    expect(
      (
        await service
          .from('job_openings')
          .update({ closes_at: new Date(Date.now() - 1000).toISOString() })
          .eq('slug', data!.slug)
      ).error,
    ).toBeNull()
    expect((await page(path)).status).toBe(410)
    expect((await page('/careers')).html).not.toContain(`href="${path}"`)
    expect((await page('/sitemap.xml')).html).not.toContain(`${SITE_URL}${path}<`)
  })

  it('an address that never was a role answers 404, with links to the open roles and no JobPosting', async () => {
    const { status, html } = await page('/careers/no-such-role')
    expect(status).toBe(404)
    expect(textsOf(html, 'h1')).toEqual(['There is no such role'])
    expect(readHead(html).meta.robots).toBe('noindex')
    expect(readHead(html).jsonLd.filter((ld) => ld['@type'] === 'JobPosting')).toEqual([])
    // The roles a visitor may see: active and not past their closing time.
    const { data: visible } = await backend.anon().from('job_openings').select('slug')
    expect(visible!.length).toBeGreaterThan(0)
    for (const job of visible!) expect(html).toContain(`href="/careers/${job.slug}"`)
    expect(html).not.toContain('href="/careers/data-analyst-collections"')
    expect(html).not.toContain('href="/careers/closing-soon-analyst"')
    expect(html).toMatch(/<a [^>]*href="\/careers"[^>]*>See our open roles<\/a>/)
  })

  it('a saved description is never empty: Google refuses a JobPosting without one', async () => {
    const { error } = await service.from('job_openings').update({ description: '<p> </p>' }).eq('slug', 'product-designer')
    expect(error?.code).toBe('23514')
    const posting = jobPostingOf((await page('/careers/product-designer')).html)
    expect(String(posting.description)).toMatch(/^<p>Design the screens/)
  })
})

describe('the sitemap', () => {
  it("lists every open role's page, dated by its last change", async () => {
    const { html: xml } = await page('/sitemap.xml')
    const { data } = await service.from('job_openings').select('slug, created_at, updated_at').eq('active', true).is('closes_at', null)
    for (const job of data!) {
      const entry = new RegExp(`<url><loc>${SITE_URL}/careers/${job.slug}</loc><lastmod>([^<]+)</lastmod></url>`).exec(xml)
      expect(entry, job.slug).not.toBeNull()
      const newest = Math.max(Date.parse(job.created_at), Date.parse(job.updated_at))
      expect(Math.abs(Date.parse(entry![1]) - newest)).toBeLessThan(1000)
    }
    expect(xml).not.toContain('/careers/data-analyst-collections')
  })
})
