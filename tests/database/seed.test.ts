// The seed is what a fresh install shows: enough that every public page looks finished on first
// start. These checks read it back the way the public site sees it (as anon, through RLS).
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrap } from '../../local-supabase/src/bootstrap.ts'
import { DEFAULT_HERO, DEFAULT_STATS } from '../../src/features/content/home-content.ts'
import { DEFAULT_ABOUT, DEFAULT_CONTACT, DEFAULT_FOOTER, DEFAULT_MISSION, DEFAULT_VISION } from '../../src/features/content/page-content.ts'

let pg: PGlite

beforeAll(async () => {
  pg = await PGlite.create()
  await bootstrap(pg)
})

afterAll(async () => {
  await pg?.close()
})

/** Runs a query as the anonymous visitor, as the public site does. */
async function asVisitor<T>(sql: string): Promise<T[]> {
  return pg.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`)
    return (await tx.query<T>(sql)).rows
  })
}

async function count(sql: string): Promise<number> {
  return Number((await pg.query<{ n: number }>(`select count(*)::int as n from ${sql}`)).rows[0].n)
}

describe('supabase/seed.sql', () => {
  it('has the six solutions of the spec, banking first, each with 4+ features and target audiences', async () => {
    const solutions = await asVisitor<{ slug: string; features: number; audiences: number }>(
      `select slug, jsonb_array_length(features) as features, cardinality(targetaudience) as audiences
         from public.solutions order by created_at`,
    )
    expect(solutions.map((s) => s.slug)).toEqual(['banking', 'edu', 'hr', 'irepay', 'ai', 'custom'])
    for (const solution of solutions) {
      expect(solution.features, solution.slug).toBeGreaterThanOrEqual(4)
      expect(solution.audiences, solution.slug).toBeGreaterThanOrEqual(1)
    }
  })

  it('has 8+ clients, 3+ testimonials and 4+ team members in distinct places', async () => {
    expect(await count('public.clients')).toBeGreaterThanOrEqual(8)
    expect(await count('public.testimonials')).toBeGreaterThanOrEqual(3)
    const team = await asVisitor<{ order_index: number }>('select order_index from public.team_members order by order_index')
    expect(team.length).toBeGreaterThanOrEqual(4)
    expect(team.map((m) => m.order_index)).toEqual(team.map((_, i) => i + 1))
  })

  it('has 10+ posts over 4+ categories with 2 drafts that visitors cannot see, enough for load-more and related posts', async () => {
    expect(await count('public.blog_posts')).toBeGreaterThanOrEqual(10)
    expect(await count('public.blog_posts where not published')).toBe(2)
    const visible = await asVisitor<{ category: string; published: boolean }>('select category, published from public.blog_posts')
    expect(visible.every((post) => post.published)).toBe(true)
    expect(visible.length).toBeGreaterThan(6) // 'Load More Articles' has something to load
    const perCategory = new Map<string, number>()
    for (const post of visible) perCategory.set(post.category, (perCategory.get(post.category) ?? 0) + 1)
    expect(perCategory.size).toBeGreaterThanOrEqual(4)
    expect(Math.max(...perCategory.values())).toBeGreaterThanOrEqual(3) // a post with 2 related posts
  })

  it('has 4+ job openings of which one is inactive and hidden from visitors', async () => {
    expect(await count('public.job_openings')).toBeGreaterThanOrEqual(4)
    expect(await count('public.job_openings where not active')).toBe(1)
    const visible = await asVisitor<{ active: boolean }>('select active from public.job_openings')
    expect(visible.length).toBe((await count('public.job_openings')) - 1)
  })

  it('has every site setting of the spec and the decisions', async () => {
    const rows = await asVisitor<{ key: string }>('select key from public.site_settings')
    expect(rows.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        'company_name',
        'company_logo_text',
        'company_tagline',
        'company_address',
        'contact_email',
        'contact_phone',
        'contact_phone_secondary',
        'office_hours',
        'careers_email',
        'primary_color',
        'secondary_color',
        'linkedin_url',
        'twitter_url',
        'facebook_url',
        'github_url',
        'chat_url',
        'booking_url',
      ]),
    )
  })

  it('has the website copy of every section, with 19 privacy and 6 terms sections', async () => {
    const rows = await asVisitor<{ id: string; content: Record<string, unknown> }>(`select section || '.' || key as id, content from public.website_content`)
    const content = new Map(rows.map((r) => [r.id, r.content]))
    for (const id of [
      'hero.main',
      'stats.main',
      'about.main',
      'about.mission',
      'about.vision',
      'contact.main',
      'legal.privacy',
      'legal.terms',
      'footer.main',
    ]) {
      expect(content.has(id), id).toBe(true)
    }
    expect((content.get('stats.main')?.stats as unknown[]).length).toBe(4)
    const sections = (id: string) => String(content.get(id)?.content).match(/<h2>/g)?.length
    expect(sections('legal.privacy')).toBe(19)
    expect(sections('legal.terms')).toBe(6)
  })

  it("is the site's built-in copy: a page whose row is missing shows the seed's words", async () => {
    const rows = await asVisitor<{ id: string; content: Record<string, unknown> }>(`select section || '.' || key as id, content from public.website_content`)
    const content = new Map(rows.map((r) => [r.id, r.content]))
    const defaults: [string, object][] = [
      ['hero.main', DEFAULT_HERO],
      ['stats.main', DEFAULT_STATS],
      ['about.main', DEFAULT_ABOUT],
      ['about.mission', DEFAULT_MISSION],
      ['about.vision', DEFAULT_VISION],
      ['contact.main', DEFAULT_CONTACT],
      ['footer.main', DEFAULT_FOOTER],
    ]
    for (const [id, fallback] of defaults) expect(content.get(id), id).toMatchObject(fallback)
  })
})
