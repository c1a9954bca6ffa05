// /rest/v1 of the local backend through the real supabase-js client (and plain fetch where the
// exact HTTP answer matters): every call of the spec's section 7 in the shape the web app makes it,
// the product's security as each role sees it, the PostgREST dialect and its errors, and hostile
// input (injection through values, column lists, order, table and function names; oversized and
// malformed bodies).
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'
import { mintToken, restRaw } from '../helpers/rest-raw.ts'

const ISO_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/
const CONTENT_TABLES = ['website_content', 'clients', 'testimonials', 'team_members', 'solutions', 'blog_posts', 'job_openings', 'site_settings'] as const

let backend: LocalBackend
let anon: SupabaseClient
let service: SupabaseClient
let admin: SupabaseClient
let member: SupabaseClient

function newPost(slug: string, extra: Record<string, unknown> = {}) {
  return {
    slug,
    title: `Title of ${slug}`,
    excerpt: 'An excerpt.',
    content: '<p>Body</p>',
    category: 'Testing',
    featured_image: '/images/test.png',
    author_name: 'Test Author',
    author_avatar: null,
    published: true,
    tags: ['alpha', 'beta'],
    ...extra,
  }
}

function newSolution(slug: string) {
  return {
    slug,
    title: `Solution ${slug}`,
    category: 'Testing',
    shortdescription: 'Short.',
    longdescription: 'Long.',
    icon: 'Bot',
    url: 'Contact Us',
    features: [{ title: 'Fast', description: 'Very' }],
    targetaudience: ['Banks'],
    status: 'Live',
    metadescription: 'Meta.',
  }
}

async function count(table: string): Promise<number> {
  const { count: total, error } = await service.from(table).select('*', { count: 'exact', head: true })
  expect(error).toBeNull()
  return total ?? -1
}

async function countAll(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of [...CONTENT_TABLES, 'contact_messages', 'newsletter_subscribers', 'staff_roles']) counts[table] = await count(table)
  return counts
}

beforeAll(async () => {
  backend = await startLocalBackend()
  anon = backend.anon()
  service = backend.service()
  admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
  const created = await service.auth.admin.createUser({ email: 'member@test.local', password: 'member-password-1', email_confirm: true })
  expect(created.error).toBeNull()
  member = await backend.signIn('member@test.local', 'member-password-1')
})

afterAll(async () => {
  await backend?.dispose()
})

describe('the calls of spec section 7, as the web app makes them', () => {
  it('website_content: one entry, several keys, all (admin), upsert on section+key', async () => {
    const hero = await anon.from('website_content').select('content').eq('section', 'hero').eq('key', 'main').single()
    expect(hero.error).toBeNull()
    expect(hero.data?.content).toMatchObject({ title: expect.any(String) })

    const about = await anon.from('website_content').select('key, content').eq('section', 'about').in('key', ['main', 'mission', 'vision'])
    expect(about.error).toBeNull()
    expect(about.data?.map((r) => r.key).sort()).toEqual(['main', 'mission', 'vision'])

    const all = await admin.from('website_content').select('*').order('section').order('key')
    expect(all.error).toBeNull()
    const pairs = (all.data ?? []).map((r) => `${r.section}/${r.key}`)
    expect(pairs).toEqual([...pairs].sort())
    expect(all.data?.[0].updated_at).toMatch(ISO_TIMESTAMP)

    const before = await count('website_content')
    const content = { title: 'New hero title', subtitle: 'Sub', badge: 'B' }
    const saved = await admin
      .from('website_content')
      .upsert({ section: 'hero', key: 'main', content, updated_at: new Date().toISOString() }, { onConflict: 'section,key' })
    expect(saved.error).toBeNull()
    // It merged into the existing row: 200, as PostgREST answers (201 when it inserts).
    expect(saved.status).toBe(200)
    expect(await count('website_content')).toBe(before)
    const reread = await anon.from('website_content').select('content').eq('section', 'hero').eq('key', 'main').single()
    expect(reread.data?.content).toEqual(content)
  })

  it('clients: public name/icon by name; admin insert, update and delete by id', async () => {
    const list = await anon.from('clients').select('name, icon').order('name', { ascending: true })
    expect(list.error).toBeNull()
    const names = (list.data ?? []).map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : 1)))
    expect(Object.keys(list.data?.[0] ?? {})).toEqual(['name', 'icon'])

    const created = await admin.from('clients').insert({ name: 'Test Client', icon: 'Gem' }).select().single()
    expect(created.error).toBeNull()
    const id = created.data?.id as string
    expect(created.data).toMatchObject({ name: 'Test Client', icon: 'Gem', logo_url: null })

    const updated = await admin.from('clients').update({ name: 'Test Client Renamed' }).eq('id', id)
    expect(updated.error).toBeNull()
    expect(updated.status).toBe(204)
    expect((await anon.from('clients').select('name').eq('id', id).single()).data?.name).toBe('Test Client Renamed')

    const removed = await admin.from('clients').delete().eq('id', id)
    expect(removed.error).toBeNull()
    expect((await anon.from('clients').select('id').eq('id', id)).data).toEqual([])
  })

  it('testimonials: public oldest first, admin newest first, numbers stay numbers', async () => {
    const asc = await anon.from('testimonials').select('*').order('created_at', { ascending: true })
    const desc = await admin.from('testimonials').select('*').order('created_at', { ascending: false })
    expect(asc.error).toBeNull()
    expect(desc.data?.map((t) => t.id)).toEqual(asc.data?.map((t) => t.id).reverse())
    expect(typeof asc.data?.[0].rating).toBe('number')

    const created = await admin
      .from('testimonials')
      .insert({ quote: 'Great.', name: 'T. Ester', title: 'Tester', avatar: '/a.png', rating: 4 })
      .select('id, rating')
      .single()
    expect(created.error).toBeNull()
    expect(created.data?.rating).toBe(4)
    expect((await admin.from('testimonials').update({ rating: 5 }).eq('id', created.data?.id).select('rating').single()).data).toEqual({ rating: 5 })
    expect((await admin.from('testimonials').delete().eq('id', created.data?.id)).error).toBeNull()
  })

  it('team_members: ordered by order_index; insert at max+1; swap places through rpc', async () => {
    const team = await anon.from('team_members').select('*').order('order_index', { ascending: true })
    expect(team.error).toBeNull()
    const order = (team.data ?? []).map((m) => m.order_index as number)
    expect(order).toEqual([...order].sort((a, b) => a - b))

    const last = await admin.from('team_members').select('order_index').order('order_index', { ascending: false }).limit(1).maybeSingle()
    expect(last.error).toBeNull()
    const next = ((last.data?.order_index as number | undefined) ?? 0) + 1
    const created = await admin
      .from('team_members')
      .insert({ name: 'New Member', position: 'Tester', bio: 'Bio.', avatar: '/a.png', order_index: next })
      .select()
      .single()
    expect(created.error).toBeNull()
    expect(created.data?.order_index).toBe(next)

    const first = team.data?.[0]
    const swapped = await admin.rpc('swap_team_member_order', { first_id: first?.id, second_id: created.data?.id })
    expect(swapped.error).toBeNull()
    expect(swapped.status).toBe(204)
    const moved = await anon.from('team_members').select('id, order_index').in('id', [first?.id, created.data?.id])
    const byId = new Map((moved.data ?? []).map((m) => [m.id, m.order_index]))
    expect(byId.get(first?.id)).toBe(next)
    expect(byId.get(created.data?.id)).toBe(first?.order_index)

    const anonSwap = await anon.rpc('swap_team_member_order', { first_id: first?.id, second_id: created.data?.id })
    expect(anonSwap.error?.code).toBe('42501')
    expect(anonSwap.status).toBe(401)

    // Put the order back and remove the member.
    expect((await admin.rpc('swap_team_member_order', { first_id: first?.id, second_id: created.data?.id })).error).toBeNull()
    expect((await admin.from('team_members').update({ bio: 'Edited.' }).eq('id', created.data?.id)).error).toBeNull()
    expect((await admin.from('team_members').delete().eq('id', created.data?.id)).error).toBeNull()
  })

  it('solutions: list, one by slug, three others; admin insert, update and delete', async () => {
    const list = await anon.from('solutions').select('*').order('created_at', { ascending: true })
    expect(list.error).toBeNull()
    expect(list.data?.length).toBeGreaterThan(3)
    const first = list.data?.[0]
    expect(Array.isArray(first?.features)).toBe(true)
    expect(Array.isArray(first?.targetaudience)).toBe(true)

    const one = await anon.from('solutions').select('*').eq('slug', first?.slug).single()
    expect(one.error).toBeNull()
    expect(one.data?.id).toBe(first?.id)

    const others = await anon.from('solutions').select('*').neq('slug', first?.slug).limit(3)
    expect(others.data).toHaveLength(3)
    expect(others.data?.some((s) => s.slug === first?.slug)).toBe(false)

    const created = await admin.from('solutions').insert(newSolution('test-solution')).select().single()
    expect(created.error).toBeNull()
    expect(created.data?.features).toEqual([{ title: 'Fast', description: 'Very' }])
    expect((await admin.from('solutions').update({ status: 'Development' }).eq('id', created.data?.id)).error).toBeNull()
    expect((await anon.from('solutions').select('status').eq('slug', 'test-solution').single()).data?.status).toBe('Development')
    expect((await admin.from('solutions').delete().eq('id', created.data?.id)).error).toBeNull()
  })

  it('blog_posts: published newest first, one by slug, related three; admin sees drafts and writes', async () => {
    const published = await anon.from('blog_posts').select('*').eq('published', true).order('created_at', { ascending: false })
    expect(published.error).toBeNull()
    expect(published.data?.every((p) => p.published === true)).toBe(true)
    const times = (published.data ?? []).map((p) => p.created_at as string)
    expect(times).toEqual([...times].sort().reverse())
    expect(times[0]).toMatch(ISO_TIMESTAMP)
    expect(Array.isArray(published.data?.[0].tags)).toBe(true)

    const post = published.data?.[0]
    const one = await anon.from('blog_posts').select('*').eq('slug', post?.slug).eq('published', true).single()
    expect(one.error).toBeNull()
    expect(one.data).toEqual(post)

    const related = await anon.from('blog_posts').select('*').eq('category', post?.category).neq('slug', post?.slug).eq('published', true).limit(3)
    expect(related.error).toBeNull()
    expect(related.data?.length).toBeLessThanOrEqual(3)

    const adminAll = await admin.from('blog_posts').select('*').order('created_at', { ascending: false })
    expect(adminAll.data?.some((p) => p.published === false)).toBe(true)

    const created = await admin.from('blog_posts').insert(newPost('admin-written-post')).select().single()
    expect(created.error).toBeNull()
    expect(created.data?.tags).toEqual(['alpha', 'beta'])
    const toggled = await admin
      .from('blog_posts')
      .update({ published: false, updated_at: new Date().toISOString() })
      .eq('id', created.data?.id)
      .select('published')
      .single()
    expect(toggled.data).toEqual({ published: false })
    expect((await anon.from('blog_posts').select('id').eq('slug', 'admin-written-post')).data).toEqual([])
    expect((await admin.from('blog_posts').delete().eq('id', created.data?.id)).error).toBeNull()
  })

  it('job_openings: active newest first for the public; admin sees all and toggles active', async () => {
    const open = await anon.from('job_openings').select('*').eq('active', true).order('created_at', { ascending: false })
    const everything = await anon.from('job_openings').select('*')
    expect(open.error).toBeNull()
    expect(everything.data?.every((j) => j.active === true)).toBe(true)
    const adminAll = await admin.from('job_openings').select('*').order('created_at', { ascending: false })
    expect(adminAll.data?.some((j) => j.active === false)).toBe(true)

    const created = await admin
      .from('job_openings')
      .insert({ title: 'Tester', location: 'Remote', department: 'QA', description: '<p>Tests.</p>' })
      .select()
      .single()
    expect(created.error).toBeNull()
    expect(created.data).toMatchObject({ type: 'Full-time', active: true, requirements: null })
    expect((await admin.from('job_openings').update({ active: false }).eq('id', created.data?.id)).error).toBeNull()
    expect((await anon.from('job_openings').select('id').eq('id', created.data?.id)).data).toEqual([])
    expect((await admin.from('job_openings').delete().eq('id', created.data?.id)).error).toBeNull()
  })

  it('site_settings: read all key/value pairs; admin saves every setting in parallel upserts', async () => {
    const settings = await anon.from('site_settings').select('key, value')
    expect(settings.error).toBeNull()
    const values = Object.fromEntries((settings.data ?? []).map((s) => [s.key, s.value]))
    expect(values.company_name).toEqual(expect.any(String))

    const now = new Date().toISOString()
    const saved: Record<string, string> = {
      company_name: 'company_name-saved',
      company_tagline: 'company_tagline-saved',
      primary_color: '#123456',
    }
    const results = await Promise.all(Object.entries(saved).map(([key, value]) => admin.from('site_settings').upsert({ key, value, updated_at: now })))
    for (const result of results) expect(result.error).toBeNull()
    const reread = await anon.from('site_settings').select('key, value').in('key', Object.keys(saved))
    expect(Object.fromEntries((reread.data ?? []).map((s) => [s.key, s.value]))).toEqual(saved)
  })

  it('dashboard counts: exact, head only', async () => {
    for (const table of ['solutions', 'clients', 'testimonials']) {
      const result = await admin.from(table).select('*', { count: 'exact', head: true })
      expect(result.error).toBeNull()
      expect(result.data).toBeNull()
      expect(result.count).toBe(await count(table))
    }
  })
})

describe('security through REST', () => {
  it('anon cannot insert, update or delete any content table', async () => {
    const before = await countAll()
    for (const table of CONTENT_TABLES) {
      // Every content table has updated_at: the column exists, the privilege does not.
      const inserted = await anon.from(table).insert({ updated_at: new Date().toISOString() })
      expect(inserted.error?.code, table).toBe('42501')
      expect(inserted.status, table).toBe(401)
      const filterColumn = table === 'site_settings' ? 'key' : 'id'
      const filterValue = table === 'site_settings' ? 'company_name' : '00000000-0000-0000-0000-000000000000'
      const updated = await anon.from(table).update({ updated_at: new Date().toISOString() }).eq(filterColumn, filterValue)
      expect(updated.error?.code, table).toBe('42501')
      const deleted = await anon.from(table).delete().neq(filterColumn, filterValue)
      expect(deleted.error?.code, table).toBe('42501')
      expect(deleted.status, table).toBe(401)
    }
    expect(await countAll()).toEqual(before)
  })

  it('a signed-in non-admin gets nothing more than anon', async () => {
    const before = await countAll()
    const inserted = await member.from('blog_posts').insert(newPost('member-post'))
    expect(inserted.error?.code).toBe('42501')
    expect(inserted.error?.message).toContain('row-level security')
    expect(inserted.status).toBe(403)

    // Updates and deletes see no row to touch: PostgREST reports zero rows, not an error.
    const updated = await member.from('blog_posts').update({ title: 'Hijacked' }).neq('slug', '').select()
    expect(updated.error).toBeNull()
    expect(updated.data).toEqual([])
    const deleted = await member.from('clients').delete().neq('name', '').select()
    expect(deleted.data).toEqual([])

    const drafts = await member.from('blog_posts').select('id').eq('published', false)
    expect(drafts.data).toEqual([])
    const closed = await member.from('job_openings').select('id').eq('active', false)
    expect(closed.data).toEqual([])
    const inbox = await member.from('contact_messages').select('*')
    expect(inbox.data).toEqual([])
    expect((await member.rpc('is_admin')).data).toBe(false)
    expect(await countAll()).toEqual(before)
  })

  it('anon sees no draft and no inactive job, not even by slug', async () => {
    const drafts = await anon.from('blog_posts').select('id').eq('published', false)
    expect(drafts.data).toEqual([])
    const all = await anon.from('blog_posts').select('published')
    expect(all.data?.every((p) => p.published)).toBe(true)
    const draft = await admin.from('blog_posts').select('slug').eq('published', false).limit(1).single()
    const bySlug = await anon.from('blog_posts').select('*').eq('slug', draft.data?.slug).single()
    expect(bySlug.error?.code).toBe('PGRST116')
    expect((await anon.from('job_openings').select('id').eq('active', false)).data).toEqual([])
  })

  it('anon sends a contact message and signs up for the newsletter but cannot read either back', async () => {
    const sent = await anon.from('contact_messages').insert({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', message: 'Hello there' })
    expect(sent.error).toBeNull()
    expect(sent.status).toBe(201)

    const chosenStatus = await anon
      .from('contact_messages')
      .insert({ first_name: 'Ada', last_name: 'L', email: 'ada2@example.com', message: 'Hi', status: 'handled' })
    expect(chosenStatus.error?.code).toBe('42501')

    const readBack = await anon.from('contact_messages').select('*')
    expect(readBack.error?.code).toBe('42501')
    expect(readBack.status).toBe(401)
    const withSelect = await anon.from('contact_messages').insert({ first_name: 'Ada', last_name: 'L', email: 'ada3@example.com', message: 'Hi' }).select()
    expect(withSelect.error?.code).toBe('42501')

    const subscribed = await anon.rpc('subscribe_newsletter', { email: 'Reader@Example.com' })
    expect(subscribed.error).toBeNull()
    expect(subscribed.data).toBeNull()
    const again = await anon.rpc('subscribe_newsletter', { email: 'reader@example.com' })
    expect(again.error).toBeNull()
    const bad = await anon.rpc('subscribe_newsletter', { email: 'not-an-address' })
    expect(bad.error?.code).toBe('22023')
    expect(bad.status).toBe(400)
    expect((await anon.from('newsletter_subscribers').select('*')).error?.code).toBe('42501')

    const inbox = await admin.from('contact_messages').select('email, status').eq('email', 'ada@example.com').single()
    expect(inbox.data).toEqual({ email: 'ada@example.com', status: 'new' })
    const subscribers = await admin.from('newsletter_subscribers').select('email').eq('email', 'reader@example.com')
    expect(subscribers.data).toEqual([{ email: 'reader@example.com' }])
  })

  it('admin reads leads and page views, and rpc answers scalars', async () => {
    expect((await admin.rpc('is_admin')).data).toBe(true)
    expect((await anon.rpc('is_admin')).data).toBe(false)
    const hasRole = await admin.rpc('has_role', { required: 'admin' }, { get: true })
    expect(hasRole.error).toBeNull()
    expect(hasRole.data).toBe(true)

    expect((await anon.rpc('record_page_view', { page_path: '/about?utm=x' })).error).toBeNull()
    const views = await admin.from('page_views').select('path, count').eq('path', '/about')
    expect(views.data).toEqual([{ path: '/about', count: 1 }])
    expect((await anon.from('page_views').select('*')).error?.code).toBe('42501')
  })
})

describe('the PostgREST dialect', () => {
  beforeAll(async () => {
    const rows = [
      newPost('dialect-one', { category: 'Dialect', tags: ['x', 'y'], author_avatar: '/a.png' }),
      newPost('dialect-two', { category: 'Dialect', tags: ['y'], title: 'Commas, (parens) and "quotes"' }),
      newPost('dialect-three', { category: 'Dialect', tags: [], published: false }),
    ]
    const { error } = await service.from('blog_posts').insert(rows)
    expect(error).toBeNull()
  })

  it('filters: comparison, like/ilike with *, is, not, in with quoting, cs/cd on arrays and jsonb', async () => {
    const like = await service.from('blog_posts').select('slug').like('slug', 'dialect-t*').order('slug')
    expect(like.data).toEqual([{ slug: 'dialect-three' }, { slug: 'dialect-two' }])
    const ilike = await service.from('blog_posts').select('slug').ilike('title', '*COMMAS*')
    expect(ilike.data).toEqual([{ slug: 'dialect-two' }])
    const nullAvatar = await service.from('blog_posts').select('slug').eq('category', 'Dialect').is('author_avatar', null).order('slug')
    expect(nullAvatar.data?.map((r) => r.slug)).toEqual(['dialect-three', 'dialect-two'])
    const notNull = await service.from('blog_posts').select('slug').eq('category', 'Dialect').not('author_avatar', 'is', null)
    expect(notNull.data).toEqual([{ slug: 'dialect-one' }])
    const isFalse = await service.from('blog_posts').select('slug').eq('category', 'Dialect').is('published', false)
    expect(isFalse.data).toEqual([{ slug: 'dialect-three' }])
    const quoted = await service.from('blog_posts').select('slug').in('title', ['Commas, (parens) and "quotes"', 'nothing'])
    expect(quoted.data).toEqual([{ slug: 'dialect-two' }])
    const notIn = await service.from('blog_posts').select('slug').eq('category', 'Dialect').not('slug', 'in', '(dialect-one,dialect-two)')
    expect(notIn.data).toEqual([{ slug: 'dialect-three' }])
    const emptyIn = await service.from('blog_posts').select('slug').in('slug', [])
    expect(emptyIn.data).toEqual([])
    const contains = await service.from('blog_posts').select('slug').contains('tags', ['y']).eq('category', 'Dialect').order('slug')
    expect(contains.data?.map((r) => r.slug)).toEqual(['dialect-one', 'dialect-two'])
    const containedBy = await service.from('blog_posts').select('slug').containedBy('tags', ['y', 'z']).eq('category', 'Dialect').order('slug')
    expect(containedBy.data?.map((r) => r.slug)).toEqual(['dialect-three', 'dialect-two'])
    const jsonb = await service.from('website_content').select('section, key').contains('content', { title: 'New hero title' })
    expect(jsonb.data).toEqual([{ section: 'hero', key: 'main' }])
    const gte = await service.from('testimonials').select('rating').gte('rating', 5).lt('rating', 6)
    expect(gte.data?.every((t) => t.rating === 5)).toBe(true)
  })

  it('or, with nested and, and negated logic', async () => {
    const either = await service.from('blog_posts').select('slug').or('slug.eq.dialect-one,and(category.eq.Dialect,published.is.false)').order('slug')
    expect(either.data?.map((r) => r.slug)).toEqual(['dialect-one', 'dialect-three'])
    const quotedValue = await service.from('blog_posts').select('slug').or('title.eq."Commas, (parens) and \\"quotes\\"",slug.eq.none')
    expect(quotedValue.data).toEqual([{ slug: 'dialect-two' }])
    const negated = await restRaw(backend, 'blog_posts?select=slug&category=eq.Dialect&not.or=(slug.eq.dialect-one,slug.eq.dialect-two)', {
      key: backend.keys.serviceRoleKey,
    })
    expect(negated.json).toEqual([{ slug: 'dialect-three' }])
  })

  it('order on several columns with nulls first/last; aliases and casts in select', async () => {
    const ordered = await service
      .from('blog_posts')
      .select('slug, author_avatar')
      .eq('category', 'Dialect')
      .order('author_avatar', { ascending: true, nullsFirst: true })
      .order('slug', { ascending: false })
    expect(ordered.data?.map((r) => r.slug)).toEqual(['dialect-two', 'dialect-three', 'dialect-one'])
    const nullsLast = await service.from('blog_posts').select('slug').eq('category', 'Dialect').order('author_avatar', { nullsFirst: false }).order('slug')
    expect(nullsLast.data?.map((r) => r.slug)).toEqual(['dialect-one', 'dialect-three', 'dialect-two'])

    const aliased = await service.from('testimonials').select('who:name, stars:rating::text').order('created_at').limit(1).single()
    expect(aliased.data).toEqual({ who: expect.any(String), stars: expect.stringMatching(/^\d$/) })
  })

  it('limit, offset, Range header, Content-Range with exact count, 206 and HEAD', async () => {
    const total = await count('blog_posts')
    const page = await service.from('blog_posts').select('slug', { count: 'exact' }).order('created_at').range(2, 4)
    expect(page.data).toHaveLength(3)
    expect(page.count).toBe(total)
    expect(page.status).toBe(206)

    const raw = await restRaw(backend, 'blog_posts?select=slug&order=created_at', {
      key: backend.keys.serviceRoleKey,
      headers: { Range: '0-5', 'Range-Unit': 'items', Prefer: 'count=exact' },
    })
    expect(raw.status).toBe(206)
    expect(raw.headers.get('content-range')).toBe(`0-5/${total}`)
    expect(raw.json).toHaveLength(6)

    const everything = await restRaw(backend, 'blog_posts?select=slug', { key: backend.keys.serviceRoleKey, headers: { Prefer: 'count=exact' } })
    expect(everything.status).toBe(200)
    expect(everything.headers.get('content-range')).toBe(`0-${total - 1}/${total}`)

    const none = await restRaw(backend, 'blog_posts?select=slug&slug=eq.nothing', { headers: { Prefer: 'count=exact' } })
    expect(none.headers.get('content-range')).toBe('*/0')
    expect(none.json).toEqual([])

    const head = await fetch(`${backend.url}/rest/v1/blog_posts?select=*`, { method: 'HEAD', headers: { apikey: backend.keys.anonKey, Prefer: 'count=exact' } })
    expect(head.headers.get('content-range')).toMatch(/^0-\d+\/\d+$/)
    expect(await head.text()).toBe('')

    const beyond = await restRaw(backend, `blog_posts?select=slug&offset=${total + 10}`, {
      key: backend.keys.serviceRoleKey,
      headers: { Prefer: 'count=exact' },
    })
    expect(beyond.status).toBe(416)
    expect(beyond.json).toMatchObject({ code: 'PGRST103' })
  })

  it('single() answers PGRST116 for 0 or several rows; maybeSingle() as supabase-js does', async () => {
    const none = await restRaw(backend, 'blog_posts?slug=eq.nothing', { headers: { Accept: 'application/vnd.pgrst.object+json' } })
    expect(none.status).toBe(406)
    expect(none.json).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })
    const many = await service.from('blog_posts').select('slug').eq('category', 'Dialect').single()
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' })
    expect(many.status).toBe(406)

    const maybeNone = await anon.from('blog_posts').select('slug').eq('slug', 'nothing').maybeSingle()
    expect(maybeNone).toMatchObject({ data: null, error: null })
    const maybeOne = await anon.from('blog_posts').select('slug').eq('slug', 'dialect-one').maybeSingle()
    expect(maybeOne.data).toEqual({ slug: 'dialect-one' })
    const maybeMany = await service.from('blog_posts').select('slug').eq('category', 'Dialect').maybeSingle()
    expect(maybeMany.error?.code).toBe('PGRST116')
  })

  it('a single-object update that matches several rows is refused and changes nothing', async () => {
    const result = await service.from('blog_posts').update({ excerpt: 'Changed' }).eq('category', 'Dialect').select().single()
    expect(result.error?.code).toBe('PGRST116')
    const excerpts = await service.from('blog_posts').select('excerpt').eq('category', 'Dialect')
    expect(excerpts.data?.every((r) => r.excerpt === 'An excerpt.')).toBe(true)
  })

  it('inserts: arrays with the columns parameter, missing keys as null or as defaults, empty arrays', async () => {
    const nulls = await service
      .from('job_openings')
      .insert([
        { title: 'A', location: 'L', department: 'D', description: 'x', requirements: 'r' },
        { title: 'B', location: 'L', department: 'D', description: 'x' },
      ])
      .select('title, requirements, type')
    expect(nulls.error).toBeNull()
    expect(nulls.data).toEqual([
      { title: 'A', requirements: 'r', type: 'Full-time' },
      { title: 'B', requirements: null, type: 'Full-time' },
    ])
    // A key that one row lacks is null for that row (PostgREST); with defaultToNull: false, its default.
    const missingNull = await service.from('job_openings').insert([
      { title: 'C', location: 'L', department: 'D', description: 'x', active: false },
      { title: 'E', location: 'L', department: 'D', description: 'x' },
    ])
    expect(missingNull.error?.code).toBe('23502')
    const missingDefault = await service
      .from('job_openings')
      .insert(
        [
          { title: 'C', location: 'L', department: 'D', description: 'x', active: false },
          { title: 'E', location: 'L', department: 'D', description: 'x' },
        ],
        { defaultToNull: false },
      )
      .select('title, active')
    expect(missingDefault.error).toBeNull()
    expect(missingDefault.data).toEqual([
      { title: 'C', active: false },
      { title: 'E', active: true },
    ])
    const empty = await service.from('job_openings').insert([]).select()
    expect(empty.error).toBeNull()
    expect(empty.data).toEqual([])
    await service.from('job_openings').delete().eq('department', 'D')
  })

  it('upsert: merge-duplicates on a chosen conflict target, ignore-duplicates', async () => {
    const first = await service
      .from('site_settings')
      .upsert(
        [
          { key: 'dialect_a', value: '1' },
          { key: 'dialect_b', value: '1' },
        ],
        { onConflict: 'key' },
      )
      .select('key, value')
    expect(first.data).toEqual([
      { key: 'dialect_a', value: '1' },
      { key: 'dialect_b', value: '1' },
    ])
    const merged = await service.from('site_settings').upsert({ key: 'dialect_a', value: '2' }).select('value').single()
    expect(merged.data).toEqual({ value: '2' })
    const ignored = await service.from('site_settings').upsert({ key: 'dialect_a', value: '3' }, { ignoreDuplicates: true }).select()
    expect(ignored.data).toEqual([])
    expect((await service.from('site_settings').select('value').eq('key', 'dialect_a').single()).data).toEqual({ value: '2' })
    expect((await service.from('site_settings').delete().like('key', 'dialect_*')).error).toBeNull()
  })

  it('an unfiltered update or delete is refused as Supabase refuses it', async () => {
    const before = await count('clients')
    const update = await service.from('clients').update({ name: 'All the same' })
    expect(update.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' })
    expect(update.status).toBe(400)
    const remove = await restRaw(backend, 'clients', { method: 'DELETE', key: backend.keys.serviceRoleKey })
    expect(remove.status).toBe(400)
    expect(remove.json).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' })
    expect(await count('clients')).toBe(before)
  })
})

describe('errors and hostile input', () => {
  it('maps database errors to PostgREST codes and statuses', async () => {
    const duplicate = await service.from('blog_posts').insert(newPost('dialect-one'))
    expect(duplicate.error?.code).toBe('23505')
    expect(duplicate.status).toBe(409)
    const check = await service.from('clients').insert({ name: 'X', icon: 'NotAnIcon' })
    expect(check.error?.code).toBe('23514')
    expect(check.status).toBe(400)
    const notNull = await service.from('clients').insert({ name: null })
    expect(notNull.error?.code).toBe('23502')
    const badUuid = await anon.from('clients').select('id').eq('id', 'not-a-uuid')
    expect(badUuid.error?.code).toBe('22P02')
    expect(badUuid.status).toBe(400)
    const foreignKey = await service.from('staff_roles').insert({ user_id: '00000000-0000-0000-0000-000000000001', role: 'admin' })
    expect(foreignKey.error?.code).toBe('23503')
    expect(foreignKey.status).toBe(409)
  })

  it('unknown tables, columns, functions and operators', async () => {
    const table = await anon.from('no_such_table').select('*')
    expect(table.status).toBe(404)
    expect(table.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.no_such_table' in the schema cache" })
    const column = await anon.from('blog_posts').select('nope')
    expect(column.status).toBe(400)
    expect(column.error).toMatchObject({ code: '42703', message: 'column blog_posts.nope does not exist' })
    const writeColumn = await service.from('clients').insert({ name: 'X', nope: 1 })
    expect(writeColumn.status).toBe(400)
    expect(writeColumn.error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'clients' in the schema cache" })
    const fn = await anon.rpc('no_such_function', { a: 1 })
    expect(fn.status).toBe(404)
    expect(fn.error?.code).toBe('PGRST202')
    const operator = await restRaw(backend, 'blog_posts?slug=regex.x')
    expect(operator.status).toBe(400)
    expect(operator.json).toMatchObject({ code: 'PGRST100', details: expect.stringContaining('Unknown operator "regex"') })
    const embedded = await anon.from('blog_posts').select('slug, clients(name)')
    expect(embedded.status).toBe(400)
    // No foreign key joins them: PostgREST's "no relationship" error.
    expect(embedded.error?.code).toBe('PGRST200')
  })

  it('answers browsers with the CORS headers supabase-js needs', async () => {
    const origin = 'http://localhost:5173'
    const read = await restRaw(backend, 'site_settings?select=key&limit=1', { headers: { Origin: origin, Prefer: 'count=exact' } })
    expect(read.status).toBe(206)
    // Any origin, as on Supabase: the APIs authenticate with headers, so no credentials are allowed.
    expect(read.headers.get('access-control-allow-origin')).toBe('*')
    expect(read.headers.get('access-control-allow-credentials')).toBeNull()
    expect(read.headers.get('access-control-expose-headers')).toContain('content-range')
    const preflight = await fetch(`${backend.url}/rest/v1/site_settings`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'apikey,prefer' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey')
    const failed = await restRaw(backend, 'no_such_table', { headers: { Origin: origin } })
    expect(failed.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('only the public schema is exposed', async () => {
    const other = await restRaw(backend, 'users', { headers: { 'Accept-Profile': 'auth' } })
    expect(other.status).toBe(406)
    expect(other.json).toMatchObject({ code: 'PGRST106', message: 'The schema must be one of the following: public' })
  })

  it('refuses bodies over 1 MB and malformed JSON', async () => {
    const big = await restRaw(backend, 'contact_messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ first_name: 'A', last_name: 'B', email: 'big@example.com', message: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(big.status).toBe(413)
    expect(big.json).toMatchObject({ code: '54000', message: expect.stringContaining('too large') })
    const malformed = await restRaw(backend, 'contact_messages', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"first_name":' })
    expect(malformed.status).toBe(400)
    expect(malformed.json).toMatchObject({ code: 'PGRST102' })
  })

  it('answers the gateway and JWT failures as Supabase does', async () => {
    const missing = await fetch(`${backend.url}/rest/v1/blog_posts`)
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' })
    const invalid = await restRaw(backend, 'blog_posts', { key: 'not-a-key' })
    expect(invalid.status).toBe(401)
    expect(invalid.json).toEqual({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' })
    const forged = await restRaw(backend, 'blog_posts', { headers: { Authorization: `Bearer ${backend.keys.anonKey.slice(0, -4)}AAAA` } })
    expect(forged.status).toBe(401)
    expect(forged.json).toMatchObject({ code: 'PGRST301', details: null, hint: null })
    const expiredToken = await mintToken(backend, { role: 'authenticated', sub: '00000000-0000-0000-0000-000000000002' }, -10)
    const expired = await restRaw(backend, 'blog_posts', { headers: { Authorization: `Bearer ${expiredToken}` } })
    expect(expired.status).toBe(401)
    expect(expired.json).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
  })

  it('injection attempts through values, select, order, table and function names change nothing', async () => {
    const before = await countAll()
    const attempts = [
      `blog_posts?slug=eq.'; drop table public.blog_posts; --`,
      `blog_posts?slug=in.("a'); delete from public.clients; --",b)`,
      `blog_posts?select=id,(select%20email%20from%20auth.users)`,
      `blog_posts?select=id,slug::text);drop%20table%20clients;--`,
      `blog_posts?select=x:id"%20from%20auth.users;--`,
      `blog_posts?order=id;drop%20table%20clients`,
      `blog_posts?order=id.desc;delete`,
      `blog_posts?id=eq.1&or=(id.eq.1);drop%20table%20clients`,
      `blog_posts;drop%20table%20clients`,
      `blog_posts%22;drop%20table%20clients;--`,
      `rpc/is_admin();drop%20table%20clients`,
      `blog_posts?limit=1;drop%20table%20clients`,
      `blog_posts?slug=like.%25'%20or%201=1--`,
    ]
    for (const path of attempts) {
      const answer = await restRaw(backend, path, { key: backend.keys.serviceRoleKey })
      if (answer.status === 200) expect(answer.json, path).toEqual([])
      else expect(answer.status, path).toBeGreaterThanOrEqual(400)
      expect(answer.status, path).toBeLessThan(500)
    }
    const update = await restRaw(backend, `clients?name=eq.x'%20or%20'1'='1`, {
      method: 'PATCH',
      key: backend.keys.serviceRoleKey,
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ "name'); drop table clients; --": 'x' }),
    })
    expect(update.status).toBe(400)
    expect(update.json).toMatchObject({ code: 'PGRST204' })
    const values = await service.from('clients').insert({ name: "Robert'); DROP TABLE clients;--", icon: 'Gem' }).select('name').single()
    expect(values.data?.name).toBe("Robert'); DROP TABLE clients;--")
    await service
      .from('clients')
      .delete()
      .eq('id', (await service.from('clients').select('id').eq('name', "Robert'); DROP TABLE clients;--").single()).data?.id)
    expect(await countAll()).toEqual(before)
  })

  it('stays up under a burst of garbage', async () => {
    const junk = [
      '?select=((((',
      '?or=(a.eq',
      '?order=.',
      '?limit=-1',
      '?offset=x',
      '?select=*&id=not.',
      '?tags=cs.{',
      '?id=in.(',
      '?or=()',
      '?and=(slug.eq.a,or(slug.eq.b)',
    ]
    const answers = await Promise.all(junk.map((query) => restRaw(backend, `blog_posts${query}`)))
    for (const [index, answer] of answers.entries()) {
      expect(answer.status, junk[index]).toBeGreaterThanOrEqual(200)
      expect(answer.status, junk[index]).toBeLessThan(500)
    }
    expect((await anon.from('blog_posts').select('id').limit(1)).error).toBeNull()
  })
})
