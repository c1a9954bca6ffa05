// An entity's schema turns what its form holds into the row the data functions write: text trimmed,
// blank optional text null, codes in capitals, HTML sanitized, numbers and times as the columns
// store them. A row opened in its form and saved unchanged is written back as it was.
import { describe, expect, it } from 'vitest'
import { blogPostSchema } from './blog-post'
import { clientSchema } from './client'
import { formValuesOf } from './form-values'
import { jobOpeningSchema } from './job-opening'
import { redirectSchema } from './redirect'
import { solutionSchema } from './solution'
import { teamMemberSchema } from './team-member'
import { testimonialSchema } from './testimonial'

const opening = {
  title: ' Product Designer ',
  slug: '',
  location: 'Lagos',
  country: ' ng ',
  street_address: ' 12 Idowu Taylor Street ',
  region: '',
  remote: false,
  department: 'Design',
  type: 'Full-time',
  salary_min: '450,000',
  salary_max: '',
  salary_currency: 'ngn',
  salary_unit: 'MONTH',
  description: '<p>Design with us</p><script>alert(1)</script>',
  requirements: '   ',
  active: true,
  closes_at: '2026-12-01T10:00:00+01:00',
} as const

const post = {
  title: 'Core banking',
  slug: 'core-banking',
  category: 'Banking',
  author_name: 'Ada',
  author_avatar: '  ',
  featured_image: ' /images/core.png ',
  tags: [' banking ', '', 'cloud'],
  published: true,
  publish_at: '2026-11-26T10:00:00+01:00',
  excerpt: 'What changes',
  content: '<p onclick="x()">Hello</p>',
  seo_title: '',
  seo_description: ' A summary ',
  social_image: '',
  hide_from_search: false,
}

describe('entity schemas give the row to write', () => {
  it('trim text and store blank optional text as null', () => {
    expect(clientSchema.parse({ name: ' Harbour ', icon: 'Gem', logo_url: ' ' })).toEqual({ name: 'Harbour', icon: 'Gem', logo_url: null })
    expect(
      teamMemberSchema.parse({
        name: 'Ada',
        position: 'CTO ',
        bio: ' Builds things',
        avatar: '/a.png',
        linkedin_url: 'https://linkedin.com/in/ada',
        twitter_url: '',
      }),
    ).toEqual({ name: 'Ada', position: 'CTO', bio: 'Builds things', avatar: '/a.png', linkedin_url: 'https://linkedin.com/in/ada', twitter_url: null })
  })

  it('store codes in capitals, salary figures as numbers, the description sanitized and the closing time in UTC', () => {
    expect(jobOpeningSchema.parse(opening)).toEqual({
      ...opening,
      title: 'Product Designer',
      country: 'NG',
      street_address: '12 Idowu Taylor Street',
      region: null,
      salary_min: 450000,
      salary_max: null,
      salary_currency: 'NGN',
      description: '<p>Design with us</p>',
      requirements: null,
      closes_at: '2026-12-01T09:00:00.000Z',
    })
  })

  it('store a currency and a period only with a salary figure, and no closing time as null', () => {
    const row = jobOpeningSchema.parse({ ...opening, salary_min: '', closes_at: '' })
    expect(row).toMatchObject({ salary_min: null, salary_max: null, salary_currency: null, salary_unit: null, closes_at: null })
  })

  it('refuse an opening whose description shows no text once sanitized: a JobPosting needs one', () => {
    for (const description of ['', '<script>alert(1)</script>', '<p> &nbsp;</p>', '<img src="/a.png" alt="">']) {
      const result = jobOpeningSchema.safeParse({ ...opening, description })
      expect(result.success, description).toBe(false)
      expect(
        result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
        description,
      ).toEqual([['description', 'Description is required']])
    }
  })

  it('store a post with its HTML sanitized, its tags trimmed without blanks, and its time in UTC', () => {
    expect(blogPostSchema.parse(post)).toEqual({
      ...post,
      author_avatar: null,
      featured_image: '/images/core.png',
      tags: ['banking', 'cloud'],
      publish_at: '2026-11-26T09:00:00.000Z',
      content: '<p>Hello</p>',
      seo_title: null,
      seo_description: 'A summary',
      social_image: null,
    })
  })

  it("store a solution's filled features and audience entries only, as lists", () => {
    const row = solutionSchema.parse({
      title: 'Core',
      slug: 'core',
      category: 'Banking',
      icon: 'Landmark',
      status: 'Live',
      url: 'Contact Us',
      shortdescription: 'Short',
      longdescription: 'Long',
      metadescription: 'Meta',
      features: [
        { title: ' Ledger ', description: ' Double entry ' },
        { title: '', description: '' },
      ],
      targetaudience: [{ value: ' Banks ' }, { value: ' ' }],
      seo_title: '',
      social_image: '',
      hide_from_search: true,
    })
    expect(row).toMatchObject({ features: [{ title: 'Ledger', description: 'Double entry' }], targetaudience: ['Banks'], seo_title: null, social_image: null })
  })

  it('store a redirect status and a rating as numbers', () => {
    expect(redirectSchema.parse({ from_path: '/old', to_path: '/new', status_code: '302' }).status_code).toBe(302)
    expect(testimonialSchema.parse({ quote: 'Q', name: 'N', title: 'T', avatar: '/a.png', rating: '4' }).rating).toBe(4)
  })

  it('refuse a redirect target with control or look-alike characters, as the database does', () => {
    const target = (to_path: string) => redirectSchema.safeParse({ from_path: '/old', to_path, status_code: '301' })
    for (const bad of [
      '/about\u0001',
      'https://evil\u3002example/',
      '/\uff0fevil.example',
      'https://evil\uff0eexample/',
      '/ab\u200bout',
      'https://evil%E3%80%82example/',
    ]) {
      expect(target(bad).success).toBe(false)
    }
    expect(target('/about\u0001').error?.issues[0].message).toMatch(/control characters or characters that look like/)
    for (const good of ['/about', '/Café-Menü', 'https://partner.example.com:8443/offer?x=1#top']) expect(target(good).success).toBe(true)
  })

  it('write a row opened in its form and saved unchanged back as it was', () => {
    const jobRow = jobOpeningSchema.parse(opening)
    expect(jobOpeningSchema.parse(formValuesOf(jobOpeningSchema, jobRow))).toEqual(jobRow)
    const postRow = blogPostSchema.parse(post)
    expect(blogPostSchema.parse(formValuesOf(blogPostSchema, postRow))).toEqual(postRow)
    const redirectRow = redirectSchema.parse({ from_path: '/old', to_path: 'https://example.org/', status_code: '301' })
    expect(redirectSchema.parse(formValuesOf(redirectSchema, redirectRow))).toEqual(redirectRow)
  })
})
