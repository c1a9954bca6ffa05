// The public website as a visitor without JavaScript (or a crawler) gets it: the built app's server
// HTML for every public route, read from the real local backend through the real supabase-js.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decode, readHead, textOf, textsOf } from '../helpers/html.ts'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'
import { siteOnBackend, type SiteHandler } from '../helpers/site-build.ts'

const SITE_URL = 'https://www.ledgerfield.test'
const FAVICON = readFileSync(new URL('../../public/favicon.svg', import.meta.url), 'utf8')
let backend: LocalBackend
let get: SiteHandler

beforeAll(async () => {
  backend = await startLocalBackend()
  get = await siteOnBackend(backend, SITE_URL)
}, 240_000)

afterAll(async () => {
  await backend?.dispose()
})

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await get(path)
  return { status: response.status, html: await response.text() }
}

const PAGES: { path: string; heading: string; title: string }[] = [
  { path: '/', heading: 'Software that moves money, schools and businesses forward', title: 'Ledgerfield Technologies' },
  { path: '/solutions', heading: 'Software for the institutions that keep economies moving', title: 'Solutions | Ledgerfield Technologies' },
  { path: '/solutions/banking', heading: 'Core Banking Software', title: 'Core Banking Software | Ledgerfield Technologies' },
  { path: '/products', heading: 'Our Products', title: 'Products | Ledgerfield Technologies' },
  { path: '/industries', heading: 'Industries We Serve', title: 'Industries | Ledgerfield Technologies' },
  { path: '/resources', heading: "Insights for the institutions building Africa's financial future", title: 'Editorial | Ledgerfield Technologies' },
  {
    path: '/resources/blog/humane-debt-recovery',
    heading: 'Humane Debt Recovery: Collect More by Pushing Less',
    title: 'Humane Debt Recovery: Collect More by Pushing Less | Ledgerfield Technologies',
  },
  { path: '/about', heading: "Building the software Africa's institutions run on", title: 'About Us | Ledgerfield Technologies' },
  { path: '/careers', heading: 'Build software that institutions depend on', title: 'Careers | Ledgerfield Technologies' },
  { path: '/clients', heading: 'Trusted by the institutions that serve millions', title: 'Our Clients | Ledgerfield Technologies' },
  { path: '/contact', heading: "Let's talk about your next system", title: 'Contact Us | Ledgerfield Technologies' },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy | Ledgerfield Technologies' },
  { path: '/terms-of-use', heading: 'Terms of Use', title: 'Terms of Use | Ledgerfield Technologies' },
]

describe('every public route, server-rendered', () => {
  it.each(PAGES)('$path holds its heading, title, description, canonical and open-graph tags', async ({ path, heading, title }) => {
    const { status, html } = await page(path)
    expect(status).toBe(200)
    expect(textsOf(html, 'h1')).toEqual([heading])
    const head = readHead(html)
    expect(head.title).toBe(title)
    expect(head.meta.description?.length).toBeGreaterThan(20)
    expect(head.canonical).toBe(`${SITE_URL}${path === '/' ? '/' : path}`)
    expect(head.meta['og:title']).toBe(title)
    expect(head.meta['og:description']).toBe(head.meta.description)
    expect(head.meta['og:url']).toBe(head.canonical)
    expect(head.meta['og:type']).toBe(path.startsWith('/resources/blog/') ? 'article' : 'website')
    expect(head.meta['twitter:title']).toBe(title)
    // The RSS feed is announced on every page.
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" href="/rss.xml"')
    // Painted from this one response: the styles are inline, no part waits for a script to reveal
    // it (React's $RC/$RV), and the page's modules are only asked for after the first paint.
    const styles = /<style data-precedence="default" data-href="\/assets\/app-[\w-]+\.css">([\s\S]*?)<\/style>/.exec(html)?.[1]
    expect(styles).toContain('.prose-content')
    expect(html).not.toContain('rel="stylesheet"')
    expect(html).not.toMatch(/\$R[CV]\(/)
    expect(html).not.toContain('rel="modulepreload"')
    // The icon is in the page too, so the browser asks for nothing else before the page is shown.
    const icon = /<link rel="icon" href="data:image\/svg\+xml,([^"]+)" type="image\/svg\+xml"\/>/.exec(html)?.[1]
    expect(icon && decodeURIComponent(decode(icon)).replaceAll("'", '"')).toBe(FAVICON.trim())
    // Images never shift the layout and always say what they are (or are marked decorative).
    for (const img of html.match(/<img [^>]*>/g) ?? []) {
      expect(img, img).toMatch(/ width="\d+"/)
      expect(img, img).toMatch(/ height="\d+"/)
      expect(img, img).toMatch(/ alt="[^"]*"/)
    }
  })

  it('the home page carries Organization JSON-LD and the brand colours from settings', async () => {
    const { html } = await page('/')
    const head = readHead(html)
    expect(head.jsonLd).toContainEqual(expect.objectContaining({ '@type': 'Organization', name: 'Ledgerfield Technologies', url: `${SITE_URL}/` }))
    expect(html).toMatch(/<html lang="en" style="--brand-primary:#2d317b;--brand-secondary:#28a9e1/)
    // Content comes from the database: clients in the marquee, testimonials in the carousel.
    expect(html).toContain('alt="Harbourline Microfinance Bank"')
    expect(html).toContain('Ngozi Eze')
    // 'Chat with us' opens chat_url in a new tab; social links come from settings.
    expect(html).toMatch(/<a href="https:\/\/wa\.me\/2347005550100" target="_blank" rel="noopener noreferrer"[^>]*>.*?Chat with us/)
    expect(html).toMatch(
      /<a href="https:\/\/www\.linkedin\.com\/company\/ledgerfield-technologies" target="_blank" rel="noopener noreferrer" aria-label="LinkedIn"/,
    )
    expect(html).toContain(`© <span>${new Date().getFullYear()}</span>`)
  })

  it('/products: Learn More goes to the solution page, Discuss to /contact with the product chosen', async () => {
    const { html } = await page('/products')
    expect(textsOf(html, 'h2').slice(0, 6)).toEqual(['EDU', 'HR', 'Core Banking', 'Hospital Management', 'iRepay', 'Custom Solutions'])
    expect(html).toContain('href="/solutions/edu"')
    expect(html).toContain('href="/contact?interest=edu"')
    expect(html).toContain('href="/contact?interest=irepay"')
  })

  it('/industries has the eight industries and a contact link', async () => {
    const { html } = await page('/industries')
    expect(textsOf(html, 'h2').slice(0, 8)).toEqual([
      'Banking & Finance',
      'Healthcare',
      'Education',
      'Government',
      'Real Estate & Green Energy',
      'Manufacturing',
      'Retail & E-commerce',
      'Insurance',
    ])
    expect(html).toContain('href="/contact"')
  })

  it('/clients shows testimonials with their ratings, the marquee and the industry badges', async () => {
    const { html } = await page('/clients')
    expect(html).toContain('aria-label="Rated 4 out of 5"')
    expect(html).toContain('Kwame Asante')
    expect(html).toContain('alt="Palmgrove Insurance"')
    expect(html).toContain('Real Estate &amp; Green Energy')
  })

  it('a solution uses its meta description and a BreadcrumbList', async () => {
    const { html } = await page('/solutions/banking')
    const head = readHead(html)
    expect(head.meta.description).toMatch(/^Ledgerfield Core Banking: a real-time, cloud-ready core banking platform/)
    const crumbs = head.jsonLd.find((ld) => ld['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string }[] }
    expect(crumbs.itemListElement.map((c) => c.item)).toEqual([`${SITE_URL}/`, `${SITE_URL}/solutions`, `${SITE_URL}/solutions/banking`])
    // Up to three other solutions, never itself.
    expect(textsOf(html, 'h3').filter((t) => /Software|System|iRepay|AI/.test(t)).length).toBeGreaterThan(0)
    expect(html.match(/href="\/solutions\/(?!banking)[a-z]+"/g)?.length).toBeGreaterThanOrEqual(3)
  })

  it('a post is an article: og:image made absolute, Article and BreadcrumbList JSON-LD, sanitized body', async () => {
    const { html } = await page('/resources/blog/humane-debt-recovery')
    const head = readHead(html)
    expect(head.meta['og:image']).toBe(`${SITE_URL}/images/blog/humane-debt-recovery.svg`)
    expect(head.meta['article:published_time']).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(head.jsonLd.map((ld) => ld['@type']).sort()).toEqual(['Article', 'BreadcrumbList'])
    expect(html).toContain('Share this article')
    expect(html).toContain('Copy Link')
  })

  it("a post's document carries its body once (not again in the data for hydration); a client navigation's data carries it", async () => {
    const sentence = 'Respectful collection is not soft collection.'
    const { html } = await page('/resources/blog/humane-debt-recovery')
    expect(html.split(sentence)).toHaveLength(2)
    expect(html).toMatch(new RegExp(`<div id="article-body" class="prose-content[^"]*">[\\s\\S]*${sentence}`))
    const data = await get('/resources/blog/humane-debt-recovery.data')
    expect(data.status).toBe(200)
    expect(await data.text()).toContain(sentence)
  })

  it('/solutions lists every solution with status, three features and "+ N more"', async () => {
    const { html } = await page('/solutions')
    expect(textsOf(html, 'h2')).toEqual(expect.arrayContaining(['Core Banking Software', 'Education Management System', 'Custom Software Development']))
    expect(html).toContain('+ 3 more') // banking has six features
    expect(html).toContain('In Development')
  })

  it('/contact shows the settings: e-mail, both phones, the office, hours and the booking link', async () => {
    const { html } = await page('/contact')
    for (const text of ['hello@ledgerfield.com.ng', '+234 700 555 0100', '+234 700 555 0101', 'Victoria Island, Lagos', 'Monday to Friday, 8:00 to 18:00']) {
      expect(html).toContain(text)
    }
    expect(html).toContain('href="https://cal.com/ledgerfield/product-demo"')
  })

  it('/careers lists active openings newest first and the careers e-mail', async () => {
    const { html } = await page('/careers')
    const titles = textsOf(html, 'h3')
    expect(titles[0]).toBe('Senior Backend Engineer, Core Banking')
    expect(titles).not.toContain('Data Analyst, Collections') // inactive
    expect(html).toContain('careers@ledgerfield.com.ng')
  })

  it('/about lists the team in order_index order', async () => {
    const { html } = await page('/about')
    const names = textsOf(html, 'h3')
    expect(names.indexOf('Adaeze Okonkwo')).toBeLessThan(names.indexOf('Emeka Obiora'))
    expect(html).toContain('Our Mission')
    expect(html).toContain('Our Vision')
  })

  it('the legal pages have 19 and 6 sections and their real last update', async () => {
    const privacy = (await page('/privacy-policy')).html
    const terms = (await page('/terms-of-use')).html
    expect(privacy.match(/<h2>/g)?.length).toBe(19)
    expect(terms.match(/<h2>/g)?.length).toBe(6)
    expect(privacy).toMatch(/Last Updated: <time dateTime="\d{4}-\d{2}-\d{2}T/)
    // The retention periods, from the settings the daily run applies.
    expect(privacy).toContain('How long we keep your data')
    expect(privacy).toMatch(/Job applications and CVs<\/td><td>6 months<\/td>/)
    expect(privacy).toMatch(/Contact form messages<\/td><td>2 years<\/td>/)
  })
})

describe('/resources without JavaScript', () => {
  it('lists published posts newest first: one featured, six in the grid, and a Load More link', async () => {
    const { html } = await page('/resources')
    const titles = textsOf(html, 'h3')
    expect(textsOf(html, 'h2')[0]).toBe('Five Security Controls Every Fintech Needs Before Launch')
    expect(titles).toHaveLength(6)
    expect(html).toContain('Load More Articles')
    expect(html).toContain('href="/resources?show=12"')
  })

  it('?show=12 shows the rest and no more Load More', async () => {
    const { html } = await page('/resources?show=12')
    expect(textsOf(html, 'h3')).toHaveLength(10) // 11 published posts: 1 featured + 10
    expect(html).not.toContain('Load More Articles')
  })

  it('?q= searches title, excerpt and category, case-insensitively', async () => {
    const { html } = await page('/resources?q=DEBT%20recovery')
    const found = [...textsOf(html, 'h2'), ...textsOf(html, 'h3')].filter((t) => /Recovery|Debt/i.test(t))
    expect(found.length).toBeGreaterThan(0)
    expect(html).toContain('value="DEBT recovery"')
    const none = await page('/resources?q=zzzz-no-such-thing')
    expect(none.html).toContain('No articles found. Try a different search term!')
  })
})

describe('redirects and not found', () => {
  it('an unknown solution redirects to /solutions', async () => {
    const response = await get('/solutions/no-such-solution', { redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/solutions')
  })

  it('an unknown or unpublished post redirects to /resources', async () => {
    const { data } = await backend.service().from('blog_posts').select('slug').eq('published', false).limit(1).single()
    for (const slug of ['no-such-post', (data as { slug: string }).slug]) {
      const response = await get(`/resources/blog/${slug}`, { redirect: 'manual' })
      expect(response.status, slug).toBe(302)
      expect(response.headers.get('location')).toBe('/resources')
    }
  })

  it('an unknown path is a 404 page with a way home', async () => {
    for (const path of ['/no-such-page', '/solutions/banking/extra', '/editorial']) {
      const { status, html } = await page(path)
      expect(status, path).toBe(404)
      expect(textOf(html, 'h1')).toBe('Page not found')
      expect(html).toContain('Back to the home page')
      expect(readHead(html).meta.robots).toBe('noindex')
    }
  })
})

describe('stored HTML is rendered harmless', () => {
  it('a post holding script, event handlers, javascript: links and an iframe renders without them', async () => {
    const hostile = [
      '<p>Before</p>',
      '<script>window.__pwned = 1</script>',
      '<img src="/images/hero.svg" onerror="window.__pwned = 2" alt="x">',
      '<a href="javascript:window.__pwned=3">click</a>',
      '<a href="https://example.org/ok">outside</a>',
      '<iframe src="https://evil.example/"></iframe>',
      '<object data="x"></object><embed src="x"><style>body{display:none}</style><form action="/x"><input></form>',
      '<p>After</p>',
    ].join('')
    const { error } = await backend.service().from('blog_posts').insert({
      slug: 'hostile-post',
      title: 'Hostile Post',
      excerpt: 'A post that tries to run script.',
      content: hostile,
      category: 'Security',
      featured_image: '/images/hero.svg',
      author_name: 'Tester',
    })
    expect(error).toBeNull()
    const { status, html } = await page('/resources/blog/hostile-post')
    expect(status).toBe(200)
    const body = html.slice(html.indexOf('class="prose-content'), html.indexOf('Share this article'))
    expect(body).toContain('<p>Before</p>')
    expect(body).toContain('<p>After</p>')
    expect(body).toContain('<a href="https://example.org/ok" rel="noopener noreferrer" target="_blank">outside</a>')
    expect(html).not.toContain('__pwned')
    for (const banned of ['<script>window', 'onerror', 'javascript:', '<iframe', '<object', '<embed', 'display:none', '<form']) {
      expect(body, banned).not.toContain(banned)
    }
  })
})

describe('the admin’s changes show on the next request', () => {
  it('company name, colours and contact details come from site_settings', async () => {
    const service = backend.service()
    const change = async (key: string, value: string) => {
      const { error } = await service.from('site_settings').update({ value }).eq('key', key)
      expect(error).toBeNull()
    }
    await change('company_name', 'Acme Ledger Ltd')
    await change('primary_color', '#114411')
    await change('contact_phone_secondary', '+234 800 000 0002')
    await change('office_hours', 'Weekdays 9:00 to 17:00')
    const home = await page('/')
    expect(readHead(home.html).title).toBe('Acme Ledger Ltd')
    expect(home.html).toContain('--brand-primary:#114411')
    expect(home.html).toContain('Acme Ledger Ltd. All rights reserved.')
    const contact = await page('/contact')
    expect(contact.html).toContain('+234 800 000 0002')
    expect(contact.html).toContain('Weekdays 9:00 to 17:00')
    await change('company_name', 'Ledgerfield Technologies')
    await change('primary_color', '#2d317b')
  })

  it('a colour that is not a hex colour never reaches the CSS', async () => {
    await backend.service().from('site_settings').update({ value: 'red;background:url(//evil)' }).eq('key', 'secondary_color')
    const { html } = await page('/')
    expect(html).not.toContain('evil')
    expect(html).toContain('--brand-secondary:#28a9e1')
    await backend.service().from('site_settings').update({ value: '#28a9e1' }).eq('key', 'secondary_color')
  })
})

describe('a failed read never breaks a page', () => {
  it('with the database down every page still renders, with defaults or empty states and no error detail', { timeout: 180_000 }, async () => {
    await backend.stop()
    try {
      for (const path of ['/', '/solutions', '/resources', '/about', '/careers', '/clients', '/contact', '/privacy-policy', '/terms-of-use']) {
        const { status, html } = await page(path)
        expect(status, path).toBe(200)
        expect(html, path).not.toMatch(/ECONNREFUSED|fetch failed|TypeError/)
        expect(textsOf(html, 'h1').length, path).toBe(1)
      }
      const home = await page('/')
      expect(textOf(home.html, 'h1')).toBe('Software that moves money, schools and businesses forward')
      expect((await page('/resources')).html).toContain('No blog posts available yet.')
      expect((await page('/privacy-policy')).html.match(/<h2>/g)?.length).toBe(19)
    } finally {
      await backend.restart()
    }
  })
})
