import { describe, expect, it } from 'vitest'
import { buildMeta, type PageMeta } from './seo'
import { withSearchFields } from './seo-fields'

const site = { siteUrl: 'https://www.example.com', siteName: 'Ledgerfield' }
const page: PageMeta = { title: 'Core Banking', description: 'Own description.', path: '/solutions/banking', image: '/a.png' }

function head(meta: ReturnType<typeof buildMeta>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const tag of meta) {
    if ('title' in tag) out.title = String(tag.title)
    else if ('name' in tag) out[String(tag.name)] = String(tag.content)
    else if ('property' in tag) out[String(tag.property)] = String(tag.content)
  }
  return out
}

describe('withSearchFields', () => {
  it('keeps the page\u2019s own title, description and image when the fields are empty or blank', () => {
    const tags = head(buildMeta(site, withSearchFields(page, { seo_title: '  ', seo_description: null, social_image: '', hide_from_search: false })))
    expect(tags.title).toBe('Core Banking | Ledgerfield')
    expect(tags.description).toBe('Own description.')
    expect(tags['og:image']).toBe('https://www.example.com/a.png')
    expect(tags.robots).toBeUndefined()
  })

  it('uses an SEO title as the whole title, and the description and image given', () => {
    const tags = head(
      buildMeta(site, withSearchFields(page, { seo_title: 'Banking software', seo_description: 'Short.', social_image: 'https://cdn.example.com/c.png' })),
    )
    expect(tags.title).toBe('Banking software')
    expect(tags['og:title']).toBe('Banking software')
    expect(tags.description).toBe('Short.')
    expect(tags['twitter:image']).toBe('https://cdn.example.com/c.png')
  })

  it('a hidden page says noindex', () => {
    expect(head(buildMeta(site, withSearchFields(page, { hide_from_search: true }))).robots).toBe('noindex')
  })
})
