// PostgREST resource embedding through supabase-js, on a fixture schema of this
// test's own (authors, posts, tags, post_tags, and messages with two foreign keys to authors),
// loaded into the throwaway data directory of a real backend; plus the admin's "applications with
// their opening's title" on the product schema.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackendWithFixture, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'
import { restRaw } from '../helpers/rest-raw.ts'

const FIXTURE = `
create table public.authors (id int primary key, name text not null);
create table public.posts (id int primary key, title text not null, author_id int references public.authors (id), published boolean not null default true);
create table public.tags (id int primary key, name text not null);
create table public.post_tags (post_id int references public.posts (id), tag_id int references public.tags (id), primary key (post_id, tag_id));
create table public.messages (
  id int primary key, body text not null,
  sender_id int not null references public.authors (id),
  receiver_id int not null references public.authors (id)
);
alter table public.authors enable row level security;
alter table public.posts enable row level security;
alter table public.tags enable row level security;
alter table public.post_tags enable row level security;
alter table public.messages enable row level security;
grant select on public.authors, public.posts, public.tags, public.post_tags, public.messages to anon, service_role;
create policy "authors" on public.authors for select to anon using (true);
create policy "published posts" on public.posts for select to anon using (published);
create policy "tags" on public.tags for select to anon using (true);
create policy "post tags" on public.post_tags for select to anon using (true);
create policy "messages" on public.messages for select to anon using (true);
insert into public.authors values (1, 'Ada'), (2, 'Bob'), (3, 'Cy');
insert into public.posts values (1, 'A1', 1, true), (2, 'A2', 1, true), (3, 'B1', 2, true), (4, 'Draft', 2, false);
insert into public.tags values (1, 'x'), (2, 'y');
insert into public.post_tags values (1, 1), (1, 2), (3, 1);
insert into public.messages values (1, 'hi', 1, 2), (2, 'yo', 2, 1);
create function public.authors_named(prefix text) returns setof public.authors language sql stable set search_path = ''
  as $$ select * from public.authors where name like prefix || '%' order by id $$;
`

let backend: LocalBackend
let anon: SupabaseClient

beforeAll(async () => {
  backend = await startLocalBackendWithFixture(FIXTURE)
  anon = backend.anon()
})

afterAll(async () => {
  await backend?.dispose()
})

describe('embedding through foreign keys', () => {
  it('many-to-one, with an alias', async () => {
    const { data, error } = await anon.from('posts').select('title, author:authors(name)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { title: 'A1', author: { name: 'Ada' } },
      { title: 'A2', author: { name: 'Ada' } },
      { title: 'B1', author: { name: 'Bob' } },
    ])
  })

  it('one-to-many, row-level security applying to the embedded table', async () => {
    const { data } = await anon.from('authors').select('name, posts(title)').order('id')
    expect(data).toEqual([
      { name: 'Ada', posts: [{ title: 'A1' }, { title: 'A2' }] },
      { name: 'Bob', posts: [{ title: 'B1' }] },
      { name: 'Cy', posts: [] },
    ])
    const asService = await backend.service().from('authors').select('name, posts(title)').eq('id', 2).single()
    expect(asService.data).toEqual({ name: 'Bob', posts: [{ title: 'B1' }, { title: 'Draft' }] })
  })

  it('many-to-many through the junction table, and nested embeds', async () => {
    const { data } = await anon.from('posts').select('title, tags(name)').eq('id', 1).single()
    expect(data).toEqual({ title: 'A1', tags: [{ name: 'x' }, { name: 'y' }] })
    const nested = await anon.from('authors').select('name, posts(title, tags(name))').eq('id', 2).single()
    expect(nested.data).toEqual({ name: 'Bob', posts: [{ title: 'B1', tags: [{ name: 'x' }] }] })
  })

  it('filters embedded rows, and with !inner filters the parent rows too', async () => {
    const embedded = await anon.from('authors').select('name, posts(title)').eq('posts.title', 'A1').order('id')
    expect(embedded.data).toEqual([
      { name: 'Ada', posts: [{ title: 'A1' }] },
      { name: 'Bob', posts: [] },
      { name: 'Cy', posts: [] },
    ])
    const inner = await anon.from('authors').select('name, posts!inner(title)').eq('posts.title', 'B1')
    expect(inner.error).toBeNull()
    expect(inner.data).toEqual([{ name: 'Bob', posts: [{ title: 'B1' }] }])
    const withoutPosts = await anon.from('authors').select('name, posts(id)').is('posts', null)
    expect(withoutPosts.error).toBeNull()
    expect(withoutPosts.data).toEqual([{ name: 'Cy', posts: [] }])
  })

  it('orders and limits embedded rows, and orders parents by a to-one embed', async () => {
    const { data } = await anon
      .from('authors')
      .select('name, posts(title)')
      .eq('id', 1)
      .order('title', { referencedTable: 'posts', ascending: false })
      .limit(1, { referencedTable: 'posts' })
    expect(data).toEqual([{ name: 'Ada', posts: [{ title: 'A2' }] }])
    const byAuthor = await restRaw(backend, 'posts?select=title,authors(name)&order=authors(name).desc,id.asc')
    expect((byAuthor.json as { title: string }[]).map((row) => row.title)).toEqual(['B1', 'A1', 'A2'])
  })

  it('counts embedded rows with count()', async () => {
    const { data } = await anon.from('authors').select('name, posts(count)').order('id')
    expect(data).toEqual([
      { name: 'Ada', posts: [{ count: 2 }] },
      { name: 'Bob', posts: [{ count: 1 }] },
      { name: 'Cy', posts: [{ count: 0 }] },
    ])
  })

  it('spreads a to-one embed into the parent row', async () => {
    const { data } = await anon.from('posts').select('title, ...authors(author_name:name)').eq('id', 3).single()
    expect(data).toEqual({ title: 'B1', author_name: 'Bob' })
  })
})

describe('spreads', () => {
  it("spreads a to-many embed as arrays of its fields, in the embed's order and page, [] where there are none", async () => {
    const { data, error } = await anon
      .from('authors')
      .select('name, ...posts(post_id:id, title)')
      .order('id')
      .order('title', { referencedTable: 'posts', ascending: false })
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Ada', post_id: [2, 1], title: ['A2', 'A1'] },
      { name: 'Bob', post_id: [3], title: ['B1'] },
      { name: 'Cy', post_id: [], title: [] },
    ])
    const paged = await anon
      .from('authors')
      .select('name, ...posts(title)')
      .eq('id', 1)
      .order('title', { referencedTable: 'posts' })
      .range(1, 1, { referencedTable: 'posts' })
    expect(paged.data).toEqual([{ name: 'Ada', title: ['A2'] }])
  })

  it('spreads many-to-many and nested embeds, and drops parents without rows under !inner', async () => {
    const tags = await anon.from('posts').select('title, ...tags(name)').eq('id', 1).single()
    expect(tags.data).toEqual({ title: 'A1', name: ['x', 'y'] })
    const nested = await anon.from('authors').select('name, ...posts(title, tags(name))').eq('id', 2).single()
    expect(nested.data).toEqual({ name: 'Bob', title: ['B1'], tags: [[{ name: 'x' }]] })
    const inner = await anon.from('authors').select('name, ...posts!inner(title)').order('id')
    expect(inner.data?.map((row) => row.name)).toEqual(['Ada', 'Bob'])
  })

  it('spreads a to-one embed with an embed of its own', async () => {
    const { data, error } = await anon.from('posts').select('title, ...authors(name, sent:messages!sender_id(body))').eq('id', 3).single()
    expect(error).toBeNull()
    expect(data).toEqual({ title: 'B1', name: 'Bob', sent: [{ body: 'yo' }] })
  })
})

describe('two foreign keys to the same table', () => {
  it('is ambiguous without a hint (PGRST201, 300)', async () => {
    const { error, status } = await anon.from('messages').select('body, authors(name)')
    expect(status).toBe(300)
    expect(error).toMatchObject({ code: 'PGRST201' })
  })

  it('is resolved by foreign key name or by column', async () => {
    const { data, error } = await anon
      .from('messages')
      .select('body, sender:authors!sender_id(name), receiver:authors!messages_receiver_id_fkey(name)')
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { body: 'hi', sender: { name: 'Ada' }, receiver: { name: 'Bob' } },
      { body: 'yo', sender: { name: 'Bob' }, receiver: { name: 'Ada' } },
    ])
    const sent = await anon.from('authors').select('name, sent:messages!sender_id(body)').eq('id', 1).single()
    expect(sent.data).toEqual({ name: 'Ada', sent: [{ body: 'hi' }] })
  })
})

describe('errors', () => {
  it('answers PGRST200 for a relationship that does not exist and PGRST108 for a filter on an embed not selected', async () => {
    const missing = await anon.from('posts').select('title, messages(body)')
    expect(missing.status).toBe(400)
    expect(missing.error).toMatchObject({ code: 'PGRST200' })
    const unselected = await anon.from('authors').select('name').eq('posts.title', 'A1')
    expect(unselected.error).toMatchObject({ code: 'PGRST108' })
  })
})

describe('errors as PostgREST statements raise them', () => {
  it("answers 42712 for two embeds under one name, as Postgres refuses PostgREST's statement", async () => {
    const { status, error } = await anon.from('messages').select('authors!sender_id(name), authors!receiver_id(name)')
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '42712', message: 'table name "messages_authors_1" specified more than once' })
    const aliased = await anon.from('messages').select('from:authors!sender_id(name), to:authors!receiver_id(name)').eq('id', 1).single()
    expect(aliased.data).toEqual({ from: { name: 'Ada' }, to: { name: 'Bob' } })
  })

  it('names an embedded table in an error as <table>_<depth>, a many-to-many target by its name', async () => {
    const embedded = await anon.from('authors').select('name, posts(title, authors(nope))')
    expect(embedded.error).toMatchObject({ code: '42703', message: 'column authors_2.nope does not exist' })
    const throughJunction = await anon.from('posts').select('tags(nope)')
    expect(throughJunction.error).toMatchObject({ code: '42703', message: 'column tags.nope does not exist' })
  })
})

describe('an unordered read with !inner', () => {
  it("starts from the first parent row in table order, as PostgREST's lateral join does", async () => {
    const { data, error } = await anon.from('authors').select('id, posts!inner(id)').limit(1).single()
    expect(error).toBeNull()
    expect(data).toEqual({ id: 1, posts: [{ id: 1 }, { id: 2 }] })
  })
})

describe("the admin's applications list", () => {
  it('lists applications with their opening title; visitors see none', async () => {
    const service = backend.service()
    const { data: opening } = await service.from('job_openings').select('id, title').eq('active', true).limit(1).single()
    const cv = `${crypto.randomUUID()}/cv.pdf`
    expect(
      (await service.from('job_applications').insert({ job_opening_id: opening?.id, name: 'Ada', email: 'ada@example.com', cv_path: cv })).error,
    ).toBeNull()
    const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const { data, error } = await admin.from('job_applications').select('name, cv_path, job_openings(title)').eq('cv_path', cv)
    expect(error).toBeNull()
    expect(data).toEqual([{ name: 'Ada', cv_path: cv, job_openings: { title: opening?.title } }])
    const visitor = await anon.from('job_applications').select('name, job_openings(title)')
    expect(visitor.data ?? []).toEqual([])
  })
})

describe('small PostgREST alignments', () => {
  it('answers 201 for an upsert that inserts and 200 for one that only merges', async () => {
    const service = backend.service()
    const created = await service.from('site_settings').upsert({ key: 'align_upsert', value: '1' }).select('value')
    expect(created.status).toBe(201)
    const merged = await service.from('site_settings').upsert({ key: 'align_upsert', value: '2' }).select('value')
    expect(merged.status).toBe(200)
    expect(merged.data).toEqual([{ value: '2' }])
  })

  it("uses PostgREST's message when single() finds several rows", async () => {
    const { error, status } = await anon.from('posts').select('title').single()
    expect(status).toBe(406)
    expect(error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 3 rows' })
  })

  it('refuses a write over Prefer: max-affected with handling=strict (PGRST124) and changes nothing', async () => {
    const service = backend.service()
    await service.from('site_settings').upsert([
      { key: 'align_a', value: 'old' },
      { key: 'align_b', value: 'old' },
    ])
    const answer = await restRaw(backend, 'site_settings?key=in.(align_a,align_b)', {
      method: 'PATCH',
      key: backend.keys.serviceRoleKey,
      headers: { 'content-type': 'application/json', prefer: 'handling=strict, max-affected=1' },
      body: JSON.stringify({ value: 'new' }),
    })
    expect(answer.status).toBe(400)
    expect(answer.json).toMatchObject({ code: 'PGRST124' })
    const { data } = await service.from('site_settings').select('value').in('key', ['align_a', 'align_b'])
    expect(data).toEqual([{ value: 'old' }, { value: 'old' }])
  })

  it('returns CSV for Accept: text/csv', async () => {
    const answer = await restRaw(backend, 'authors?select=id,name&order=id', { headers: { accept: 'text/csv' } })
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(answer.text).toBe('id,name\n1,Ada\n2,Bob\n3,Cy')
  })

  it('counts the rows of a set-returning rpc with Prefer: count=exact', async () => {
    const { count, error } = await backend.service().rpc('authors_named', { prefix: '' }, { count: 'exact' })
    expect(error).toBeNull()
    expect(count).toBe(3)
  })
})
