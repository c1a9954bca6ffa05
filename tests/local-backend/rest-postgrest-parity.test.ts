// The local backend answers what PostgREST 12 answers, through supabase-js, on a fixture schema of
// this test's own (people, teams, projects with a junction table, tasks, computed fields and
// relationships, functions), loaded into the throwaway data directory of a real backend.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackendWithFixture, type LocalBackend } from '../helpers/local-backend.ts'
import { restRaw } from '../helpers/rest-raw.ts'

const FIXTURE = `
create table public.teams (id int primary key, name text not null);
create table public.people (
  id int primary key, first_name text not null, last_name text not null,
  team_id int references public.teams (id), profile jsonb
);
create table public.projects (id int primary key, name text not null);
create table public.people_projects (
  person_id int references public.people (id), project_id int references public.projects (id),
  primary key (person_id, project_id)
);
create table public.tasks (
  id int primary key, project_id int not null references public.projects (id), title text not null,
  hours int not null, done boolean not null default false, hidden boolean not null default false
);
alter table public.teams enable row level security;
alter table public.people enable row level security;
alter table public.projects enable row level security;
alter table public.people_projects enable row level security;
alter table public.tasks enable row level security;
grant select on public.teams, public.people, public.projects, public.people_projects, public.tasks to anon, service_role;
create policy "teams" on public.teams for select to anon using (true);
create policy "people" on public.people for select to anon using (true);
create policy "projects" on public.projects for select to anon using (true);
create policy "people projects" on public.people_projects for select to anon using (true);
create policy "visible tasks" on public.tasks for select to anon using (not hidden);

insert into public.teams values (1, 'Engines'), (2, 'Looms');
insert into public.people values
  (1, 'Ada', 'Lovelace', 1, '{"city": "London", "age": 36, "tags": ["math", "poetry"]}'),
  (2, 'Charles', 'Babbage', 1, '{"city": "London", "age": 79, "tags": ["engines"]}'),
  (3, 'Joseph', 'Jacquard', 2, '{"city": "Lyon", "age": 82, "tags": []}');
insert into public.projects values (1, 'Analytical Engine'), (2, 'Loom');
insert into public.people_projects values (1, 1), (2, 1), (3, 2);
insert into public.tasks values
  (1, 1, 'Design the mill', 30, false, false),
  (2, 1, 'Write note G', 10, false, false),
  (3, 1, 'Build the store', 50, true, false),
  (4, 1, 'Secret budget', 99, false, true),
  (5, 2, 'Punch cards', 20, false, false);

-- Computed fields and relationships: functions of one row of a table.
create function public.full_name(public.people) returns text language sql stable
  as $$ select $1.first_name || ' ' || $1.last_name $$;
create function public.open_tasks(public.projects) returns setof public.tasks language sql stable
  as $$ select * from public.tasks where project_id = $1.id and not done $$;
create function public.first_project(public.people) returns setof public.projects language sql stable rows 1
  as $$ select p.* from public.projects p join public.people_projects pp on pp.project_id = p.id
        where pp.person_id = $1.id order by p.id limit 1 $$;
create function public.secret_score(public.people) returns int language sql stable as $$ select 42 $$;
revoke execute on function public.secret_score(public.people) from public, anon;
create function public.people_in(city text) returns setof public.people language sql stable
  as $$ select * from public.people where profile->>'city' = city $$;

-- Overloads, chosen by argument names; single unnamed arguments take the whole body.
create function public.describe(n int) returns text language sql immutable as $$ select 'number ' || n $$;
create function public.describe(word text, suffix text default '!') returns text language sql immutable as $$ select word || suffix $$;
create function public.describe(n int, m int) returns text language sql immutable as $$ select 'pair ' || n || ',' || m $$;
create function public.pick(x int) returns text language sql immutable as $$ select 'int' $$;
create function public.pick(x text) returns text language sql immutable as $$ select 'text' $$;
create function public.echo(json) returns json language sql immutable as $$ select $1 $$;
create function public.shout(text) returns text language sql immutable as $$ select upper($1) $$;

-- Unnamed arguments: a function is offered through /rpc with every argument named, or with one
-- unnamed argument of a type a body can be (the integer one, and the computed fields, are not).
create function public.tag() returns text language sql immutable as $$ select 'none' $$;
create function public.tag(text) returns text language sql immutable as $$ select 'tag ' || $1 $$;
create function public.tag(int) returns text language sql immutable as $$ select 'int' $$;
create function public.tag_with(text, suffix text) returns text language sql immutable as $$ select $1 || suffix $$;

-- What a project owner runs on Supabase to turn an API setting on (test-only helper, service role only).
create function public.enable_api_setting(setting text, value text default 'true') returns void language plpgsql security definer set search_path = ''
  as $$ begin execute format('alter role authenticator set %I = %L', setting, value); end $$;
revoke execute on function public.enable_api_setting(text, text) from public, anon, authenticated;
grant execute on function public.enable_api_setting(text, text) to service_role;

-- One-to-one: a badge belongs to at most one person (its foreign key is unique).
create table public.badges (id int primary key, person_id int unique references public.people (id), label text not null);
alter table public.badges enable row level security;
grant select on public.badges to anon;
create policy "badges" on public.badges for select to anon using (true);
insert into public.badges values (1, 1, 'First programmer'), (2, null, 'Unclaimed');

create table public.notes (id int generated by default as identity primary key, body text not null, status text not null default 'new');
grant select, insert, update, delete on public.notes to service_role;
create function public.add_note(id int, body text) returns public.notes language sql
  as $$ insert into public.notes (id, body) values (add_note.id, add_note.body) returning * $$;
revoke execute on function public.add_note(int, text) from public, anon;
grant execute on function public.add_note(int, text) to service_role;

-- Users and what refers to them: two foreign keys to one table (told apart by a hint), messages.
create table public.users (id int primary key, name text not null);
create table public.friends (
  id int primary key, first_user int not null references public.users (id), second_user int not null references public.users (id)
);
create table public.messages (id int primary key, sender int not null references public.users (id), body text not null);
-- A self-reference: each employee's supervisor.
create table public.employees (id int primary key, name text not null, supervisor_id int references public.employees (id));
alter table public.users enable row level security;
alter table public.friends enable row level security;
alter table public.messages enable row level security;
alter table public.employees enable row level security;
grant select on public.users, public.friends, public.messages, public.employees to anon;
create policy "users" on public.users for select to anon using (true);
create policy "friends" on public.friends for select to anon using (true);
create policy "messages" on public.messages for select to anon using (true);
create policy "employees" on public.employees for select to anon using (true);
insert into public.users values (1, 'Ann'), (2, 'Bob'), (3, 'Cy');
insert into public.friends values (1, 1, 2), (2, 1, 3), (3, 2, 3);
insert into public.messages values (1, 2, 'hello'), (2, 2, 'again');
insert into public.employees values (1, 'Chief', null), (2, 'Lead', 1), (3, 'Member', 2);

-- Overloads that defaults make callable without arguments.
create function public.greet() returns text language sql immutable as $$ select 'hello' $$;
create function public.greet(name text default 'you') returns text language sql immutable as $$ select 'hello ' || name $$;

-- Planner statistics taken at five rows, then three rows more: count=planned answers the estimate.
create table public.readings (id int primary key);
grant select on public.readings to anon;
insert into public.readings select generate_series(1, 5);
analyze public.readings;
insert into public.readings select generate_series(6, 8);

-- Values that CSV has to quote.
create table public.sayings (id int primary key, words text, tags text[]);
grant select on public.sayings to anon;
insert into public.sayings values (1, 'say "hi", \\ then', '{a,b}'), (2, '', null), (3, 'plain', '{}');

-- A second exposed schema, and one that is not exposed.
create schema inventory;
create schema internal;
grant usage on schema inventory, internal to anon, service_role;
create table inventory.items (id int primary key, name text not null, stock int not null, listed boolean not null default true);
create table internal.notes (id int primary key, body text);
alter table inventory.items enable row level security;
grant select on inventory.items, internal.notes to anon;
grant all on inventory.items to service_role;
create policy "listed items" on inventory.items for select to anon using (listed);
create policy "service" on inventory.items for all to service_role using (true) with check (true);
insert into inventory.items values (1, 'Gear', 5, true), (2, 'Prototype', 1, false);
insert into internal.notes values (1, 'not for the API');
create function inventory.in_stock(minimum int) returns setof inventory.items language sql stable
  as $$ select * from inventory.items where stock >= minimum order by id $$;
alter role authenticator set pgrst.db_schemas = 'public, inventory';
alter role authenticator set pgrst.db_tx_end = 'commit-allow-override';
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

/** Turns a PostgREST setting on as a project owner would, and waits until the backend has reread it. */
async function enableApiSetting(setting: string, value = 'true'): Promise<void> {
  expect((await backend.service().rpc('enable_api_setting', { setting, value })).error).toBeNull()
  // The backend rereads its settings with the schema cache, at most once a second of its clock, when
  // a request names something it does not know.
  await backend.advanceClock(1000)
  await anon.from('no_such_table_to_reload').select()
}

describe('computed fields and computed relationships', () => {
  it('selects, filters and orders by a computed field, with an alias and a cast', async () => {
    const { data, error } = await anon
      .from('people')
      .select('id, full_name, name:full_name::text')
      .like('full_name', '*a*')
      .order('full_name', { ascending: false })
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 3, full_name: 'Joseph Jacquard', name: 'Joseph Jacquard' },
      { id: 2, full_name: 'Charles Babbage', name: 'Charles Babbage' },
      { id: 1, full_name: 'Ada Lovelace', name: 'Ada Lovelace' },
    ])
    const star = await anon.from('people').select('*').eq('id', 1).single()
    expect(star.data).not.toHaveProperty('full_name')
  })

  it('selects a computed field inside an embedded table', async () => {
    const { data, error } = await anon.from('teams').select('name, people(full_name)').order('id').order('id', { referencedTable: 'people' })
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Engines', people: [{ full_name: 'Ada Lovelace' }, { full_name: 'Charles Babbage' }] },
      { name: 'Looms', people: [{ full_name: 'Joseph Jacquard' }] },
    ])
  })

  it('embeds a setof computed relationship with filters, order and limit, row-level security applying', async () => {
    const { data, error } = await anon
      .from('projects')
      .select('name, open_tasks(title, hours)')
      .order('id')
      .gte('open_tasks.hours', 10)
      .order('hours', { referencedTable: 'open_tasks', ascending: false })
      .limit(5, { referencedTable: 'open_tasks' })
    expect(error).toBeNull()
    // 'Build the store' is done; 'Secret budget' is hidden from visitors by its policy.
    expect(data).toEqual([
      {
        name: 'Analytical Engine',
        open_tasks: [
          { title: 'Design the mill', hours: 30 },
          { title: 'Write note G', hours: 10 },
        ],
      },
      { name: 'Loom', open_tasks: [{ title: 'Punch cards', hours: 20 }] },
    ])
    const hidden = await backend.service().from('projects').select('open_tasks(title)').eq('id', 1).single()
    expect(hidden.data?.open_tasks).toHaveLength(3)
  })

  it('embeds a computed relationship of one row (rows 1) as an object, and filters parents by it with !inner', async () => {
    const { data, error } = await anon.from('people').select('first_name, first_project(name)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { first_name: 'Ada', first_project: { name: 'Analytical Engine' } },
      { first_name: 'Charles', first_project: { name: 'Analytical Engine' } },
      { first_name: 'Joseph', first_project: { name: 'Loom' } },
    ])
    const inner = await anon.from('people').select('first_name, first_project!inner(name)').eq('first_project.name', 'Loom')
    expect(inner.data).toEqual([{ first_name: 'Joseph', first_project: { name: 'Loom' } }])
  })

  it("refuses a computed field the caller's role may not execute, as Postgres does", async () => {
    const { error } = await anon.from('people').select('id, secret_score')
    expect(error?.code).toBe('42501')
    const asService = await backend.service().from('people').select('secret_score').eq('id', 1).single()
    expect(asService.data).toEqual({ secret_score: 42 })
  })

  it("selects, embeds, filters and orders an rpc's rows like the table it returns", async () => {
    const { data, error } = await anon
      .rpc('people_in', { city: 'London' })
      .select('full_name, teams(name), first_project(name)')
      .neq('first_name', 'Nobody')
      .order('full_name', { ascending: false })
    expect(error).toBeNull()
    expect(data).toEqual([
      { full_name: 'Charles Babbage', teams: { name: 'Engines' }, first_project: { name: 'Analytical Engine' } },
      { full_name: 'Ada Lovelace', teams: { name: 'Engines' }, first_project: { name: 'Analytical Engine' } },
    ])
    const counted = await anon.rpc('people_in', { city: 'London' }, { count: 'exact' }).select('id, full_name').eq('full_name', 'Ada Lovelace')
    expect(counted.count).toBe(1)
    expect(counted.data).toEqual([{ id: 1, full_name: 'Ada Lovelace' }])
  })
})

describe('JSON paths', () => {
  it('selects ->, ->> and array indexes, named by their last key', async () => {
    const { data, error } = await anon.from('people').select('id, profile->city, age:profile->>age, profile->tags->0').eq('id', 1).single()
    expect(error).toBeNull()
    expect(data).toEqual({ id: 1, city: 'London', age: '36', tags: 'math' })
  })

  it('filters and orders by JSON paths', async () => {
    const { data, error } = await anon.from('people').select('id').eq('profile->>city', 'London').order('profile->age', { ascending: false })
    expect(error).toBeNull()
    expect(data).toEqual([{ id: 2 }, { id: 1 }])
    const older = await anon.from('people').select('id').gt('profile->age', 80)
    expect(older.data).toEqual([{ id: 3 }])
    const either = await anon.from('people').select('id').or('profile->>city.eq.Lyon,id.eq.1').order('id')
    expect(either.data).toEqual([{ id: 1 }, { id: 3 }])
  })

  it('uses JSON paths in embedded resources', async () => {
    const { data, error } = await anon.from('teams').select('name, people(city:profile->>city)').eq('people.profile->>city', 'Lyon').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Engines', people: [] },
      { name: 'Looms', people: [{ city: 'Lyon' }] },
    ])
  })

  it('refuses a malformed JSON path (PGRST100)', async () => {
    const answer = await restRaw(backend, 'people?select=profile->>a->b')
    expect(answer.status).toBe(400)
    expect((answer.json as { code: string }).code).toBe('PGRST100')
  })
})

describe('rpc overloads and calls', () => {
  it('chooses the overload by argument names, defaults included', async () => {
    expect((await anon.rpc('describe', { n: 7 })).data).toBe('number 7')
    expect((await anon.rpc('describe', { n: 1, m: 2 })).data).toBe('pair 1,2')
    expect((await anon.rpc('describe', { word: 'hi' })).data).toBe('hi!')
    expect((await anon.rpc('describe', { word: 'hi', suffix: '?' }, { get: true })).data).toBe('hi?')
  })

  it('answers PGRST203 (300) when two overloads take the same names', async () => {
    const answer = await restRaw(backend, 'rpc/pick', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x": 1}' })
    expect(answer.status).toBe(300)
    expect(answer.json).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message: 'Could not choose the best candidate function between: public.pick(x => integer), public.pick(x => text)',
    })
  })

  it('passes a JSON body whole to a function of one unnamed json argument, and a text/plain body to one of text', async () => {
    const { data, error } = await anon.rpc('echo', { any: ['shape', 1] })
    expect(error).toBeNull()
    expect(data).toEqual({ any: ['shape', 1] })
    const shouted = await restRaw(backend, 'rpc/shout', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'quiet words' })
    expect(shouted.status).toBe(200)
    expect(shouted.json).toBe('QUIET WORDS')
  })

  it('answers PGRST203, candidates in PostgREST order, when defaults make two overloads callable without arguments', async () => {
    const { error, status } = await anon.rpc('greet')
    expect(status).toBe(300)
    expect(error?.message).toBe('Could not choose the best candidate function between: public.greet(), public.greet(name => text)')
    expect((await anon.rpc('greet', { name: 'Ada' })).data).toBe('hello Ada')
    const nothingClose = await anon.rpc('qqqzzz')
    expect(nothingClose.error).toMatchObject({ code: 'PGRST202', hint: null })
  })

  it('passes an unnamed argument by the key "", and offers only functions whose one unnamed argument a body can be', async () => {
    expect(await anon.rpc('tag', { '': 'x' })).toMatchObject({ status: 200, data: 'tag x' })
    // Any JSON value is read as the argument's type, as PostgREST reads it.
    expect((await anon.rpc('tag', { '': true })).data).toBe('tag true')
    expect((await anon.rpc('tag')).data).toBe('none')
    expect((await anon.rpc('tag_with', { '': 'well', suffix: '!' })).data).toBe('well!')
    // A computed field's row argument is unnamed and of no body's type: not a function to call.
    const computed = await anon.rpc('full_name', { '': { id: 1 } })
    expect(computed.status).toBe(404)
    expect(computed.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.full_name() in the schema cache',
      details:
        'Searched for the function public.full_name with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    })
  })

  it("answers PGRST202 with PostgREST's message, details and hint", async () => {
    const { error } = await anon.rpc('describe', { nn: 1 })
    expect(error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.describe(nn) in the schema cache',
      details:
        'Searched for the function public.describe with parameter nn or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.describe(n)',
    })
    const none = await anon.rpc('describ')
    expect(none.error).toMatchObject({
      message: 'Could not find the function public.describ without parameters in the schema cache',
      details:
        'Searched for the function public.describ without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.describe',
    })
  })

  it('counts an rpc with count=exact and answers head without a body', async () => {
    const { data, count, error, status } = await anon.rpc('people_in', { city: 'London' }, { head: true, count: 'exact' })
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(count).toBe(2)
    expect(data).toBeNull()
    const paged = await restRaw(backend, 'rpc/people_in?city=London&select=id&order=id&limit=1', { headers: { prefer: 'count=exact' } })
    expect(paged.status).toBe(206)
    expect(paged.headers.get('content-range')).toBe('0-0/2')
    expect(paged.json).toEqual([{ id: 1 }])
  })
})

describe('Prefer: tx=rollback, with db-tx-end = commit-allow-override', () => {
  it('answers every write as usual and keeps none of it', async () => {
    const service = backend.service()
    const before = await service.from('notes').select('id, body').order('id')
    const inserted = await service.from('notes').insert({ id: 100, body: 'draft' }).select('id, body').rollback()
    expect(inserted.status).toBe(201)
    expect(inserted.data).toEqual([{ id: 100, body: 'draft' }])
    const upserted = await service.from('notes').upsert({ id: 101, body: 'upsert' }).select('body').rollback()
    expect(upserted.data).toEqual([{ body: 'upsert' }])
    const updated = await service.from('notes').update({ body: 'changed' }).gte('id', 0).select('body').rollback()
    expect(updated.error).toBeNull()
    const deleted = await service.from('notes').delete().gte('id', 0).rollback()
    expect(deleted.status).toBe(204)
    const called = await service.rpc('add_note', { id: 104, body: 'from rpc' }).select('body').rollback()
    expect(called.data).toEqual({ body: 'from rpc' })
    expect((await service.from('notes').select('id, body').order('id')).data).toEqual(before.data)
  })

  it('reports tx=rollback in Preference-Applied, and commits what asks for tx=commit', async () => {
    const answer = await restRaw(backend, 'notes', {
      key: backend.keys.serviceRoleKey,
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=minimal, tx=rollback', authorization: `Bearer ${backend.keys.serviceRoleKey}` },
      body: '{"id": 102, "body": "gone"}',
    })
    expect(answer.status).toBe(201)
    expect(answer.headers.get('preference-applied')).toBe('return=minimal, tx=rollback')
    const kept = await restRaw(backend, 'notes', {
      key: backend.keys.serviceRoleKey,
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'tx=commit', authorization: `Bearer ${backend.keys.serviceRoleKey}` },
      body: '{"id": 103, "body": "kept"}',
    })
    expect(kept.headers.get('preference-applied')).toBe('tx=commit')
    expect((await backend.service().from('notes').select('body').in('id', [102, 103])).data).toEqual([{ body: 'kept' }])
  })
})

describe('embedding', () => {
  it('tells two foreign keys to one table apart by a column hint, under aliases', async () => {
    const { data, error } = await anon
      .from('users')
      .select('name, asked:friends!first_user(id), asked_by:friends!second_user(id)')
      .order('id')
      .order('id', { referencedTable: 'asked' })
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Ann', asked: [{ id: 1 }, { id: 2 }], asked_by: [] },
      { name: 'Bob', asked: [{ id: 3 }], asked_by: [{ id: 1 }] },
      { name: 'Cy', asked: [], asked_by: [{ id: 2 }, { id: 3 }] },
    ])
    const byConstraint = await anon.from('users').select('name, friends!friends_second_user_fkey(id)').eq('id', 3).single()
    expect(byConstraint.data).toEqual({ name: 'Cy', friends: [{ id: 2 }, { id: 3 }] })
  })

  it("answers PGRST201 with PostgREST's details objects and hint when the embed is ambiguous", async () => {
    const { error, status } = await anon.from('users').select('name, friends(id)')
    expect(status).toBe(300)
    expect(error).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'users' and 'friends'",
      details: [
        { cardinality: 'one-to-many', embedding: 'users with friends', relationship: 'friends_first_user_fkey using users(id) and friends(first_user)' },
        { cardinality: 'one-to-many', embedding: 'users with friends', relationship: 'friends_second_user_fkey using users(id) and friends(second_user)' },
      ],
      hint: "Try changing 'friends' to one of the following: 'friends!friends_first_user_fkey', 'friends!friends_second_user_fkey'. Find the desired relationship in the 'details' key.",
    })
  })

  it('answers PGRST200 with a close table as its hint, and none when nothing is close', async () => {
    const { error, status } = await anon.from('users').select('name, mesages(body)')
    expect(status).toBe(400)
    expect(error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'users' and 'mesages' in the schema cache",
      details: "Searched for a foreign key relationship between 'users' and 'mesages' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'messages' instead of 'mesages'.",
    })
    const far = await anon.from('users').select('name, zzz(id)')
    expect(far.error?.hint).toBeNull()
  })

  it('embeds a self-reference: the table name is the to-many side, the column name the to-one side', async () => {
    const { data, error } = await anon.from('employees').select('name, reports:employees!supervisor_id(name), supervisor_id(name), employees(name)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Chief', reports: [{ name: 'Lead' }], supervisor_id: null, employees: [{ name: 'Lead' }] },
      { name: 'Lead', reports: [{ name: 'Member' }], supervisor_id: { name: 'Chief' }, employees: [{ name: 'Member' }] },
      { name: 'Member', reports: [], supervisor_id: { name: 'Lead' }, employees: [] },
    ])
  })

  it('filters by an embed with no fields, which the answer leaves out', async () => {
    const { data, error } = await anon.from('users').select('name, messages!inner()').eq('messages.body', 'again')
    expect(error).toBeNull()
    expect(data).toEqual([{ name: 'Bob' }])
    const without = await anon.from('users').select('name, messages()').is('messages', null).order('id')
    expect(without.data).toEqual([{ name: 'Ann' }, { name: 'Cy' }])
  })

  it('applies !inner and !left to a one-to-one embed, and selects one column under two aliases', async () => {
    const inner = await anon.from('people').select('first_name, badges!inner(label)')
    expect(inner.data).toEqual([{ first_name: 'Ada', badges: { label: 'First programmer' } }])
    const left = await anon.from('people').select('first_name, badges!left(label)').order('id')
    expect(left.data).toHaveLength(3)
    const twice = await anon.from('people').select('a:id, b:id, teams(x:name, y:name)').eq('id', 1).single()
    expect(twice.data).toEqual({ a: 1, b: 1, teams: { x: 'Engines', y: 'Engines' } })
  })
})

describe('counts and statuses', () => {
  it('counts a scalar rpc as one row, with POST, GET and HEAD', async () => {
    const posted = await anon.rpc('describe', { n: 7 }, { count: 'exact' })
    expect(posted).toMatchObject({ status: 200, count: 1, data: 'number 7' })
    const got = await anon.rpc('describe', { n: 7 }, { count: 'exact', get: true })
    expect(got).toMatchObject({ status: 200, count: 1, data: 'number 7' })
    const head = await anon.rpc('describe', { n: 7 }, { count: 'exact', head: true })
    expect(head).toMatchObject({ status: 200, count: 1, data: null })
  })

  it('answers 200 to a bulk upsert that only merged rows, 201 when it inserted one', async () => {
    const service = backend.service()
    expect(
      (
        await service.from('notes').insert([
          { id: 200, body: 'a' },
          { id: 201, body: 'b' },
        ])
      ).status,
    ).toBe(201)
    const merged = await service.from('notes').upsert([
      { id: 200, body: 'a2' },
      { id: 201, body: 'b2' },
    ])
    expect(merged.status).toBe(200)
    const mixed = await service.from('notes').upsert([
      { id: 201, body: 'b3' },
      { id: 202, body: 'c' },
    ])
    expect(mixed.status).toBe(201)
  })

  it("answers count=planned with Postgres' estimate and count=estimated with the larger of the two, 206 for a part", async () => {
    const planned = await anon.from('readings').select('id', { count: 'planned' }).order('id').limit(2)
    expect(planned).toMatchObject({ status: 206, count: 5, data: [{ id: 1 }, { id: 2 }] })
    const estimated = await anon.from('readings').select('id', { count: 'estimated', head: true })
    expect(estimated).toMatchObject({ status: 200, count: 8 })
    const exact = await anon.from('readings').select('id', { count: 'exact' }).limit(2)
    expect(exact).toMatchObject({ status: 206, count: 8 })
  })

  it('caps every read at db-max-rows, and answers count=estimated exactly within it', async () => {
    await enableApiSetting('pgrst.db_max_rows', '6')
    try {
      const capped = await anon.from('readings').select('id', { count: 'exact' }).order('id')
      expect(capped).toMatchObject({ status: 206, count: 8 })
      expect(capped.data).toHaveLength(6)
      const rpc = await anon.rpc('people_in', { city: 'London' }).select('id')
      expect(rpc.error).toBeNull()
      // Past the cap, the estimate and the exact count compete; within it, the count is exact.
      expect(await anon.from('readings').select('id', { count: 'estimated', head: true })).toMatchObject({ status: 206, count: 8 })
      await enableApiSetting('pgrst.db_max_rows', '100')
      const within = await anon.from('readings').select('id', { count: 'estimated', head: true }).lt('id', 3)
      expect(within).toMatchObject({ status: 200, count: 2 })
    } finally {
      await enableApiSetting('pgrst.db_max_rows', '')
    }
  })
})

describe('small differences', () => {
  it('fills keys missing from some rows with the identity and default values under missing=default', async () => {
    const { data, error } = await backend
      .service()
      .from('notes')
      .insert([{ id: 10, body: 'first', status: 'read' }, { body: 'second' }], { defaultToNull: false })
      .select('id, body, status')
    expect(error).toBeNull()
    // As PostgREST builds the rows, every row evaluates every default, the ones it gives too: the
    // identity advanced for the first row as well.
    expect(data).toEqual([
      { id: 10, body: 'first', status: 'read' },
      { id: 2, body: 'second', status: 'new' },
    ])
  })

  it('embeds a to-one relation as an object, or null where no row (or a null key) matches, in both directions', async () => {
    const people = await anon.from('people').select('id, badges(label), teams(name)').order('id')
    expect(people.error).toBeNull()
    expect(people.data).toEqual([
      { id: 1, badges: { label: 'First programmer' }, teams: { name: 'Engines' } },
      { id: 2, badges: null, teams: { name: 'Engines' } },
      { id: 3, badges: null, teams: { name: 'Looms' } },
    ])
    const badges = await anon.from('badges').select('label, people(first_name)').order('id')
    expect(badges.data).toEqual([
      { label: 'First programmer', people: { first_name: 'Ada' } },
      { label: 'Unclaimed', people: null },
    ])
    const ordered = await anon.from('people').select('id, badges(label)').order('badges(label)', { ascending: true, nullsFirst: false }).limit(1)
    expect(ordered.data).toEqual([{ id: 1, badges: { label: 'First programmer' } }])
  })

  it("answers PGRST116 with PostgREST's message when single() finds no row", async () => {
    const { error, status } = await anon.from('people').select('id').eq('id', 99).single()
    expect(status).toBe(406)
    expect(error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    })
  })
})

describe('aggregates', () => {
  it('are refused by default (PGRST123), as on PostgREST 12 and Supabase, and work once the project enables them', async () => {
    const refused = await anon.from('tasks').select('hours.sum()')
    expect(refused.status).toBe(400)
    expect(refused.error).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null })

    await enableApiSetting('pgrst.db_aggregates_enabled')

    const { data, error } = await anon
      .from('tasks')
      .select('project_id, total:hours.sum(), count(), average:hours.avg()::int, hours::text.max()')
      .order('project_id')
    expect(error).toBeNull()
    // Row-level security applies before aggregation: the hidden task is not summed.
    expect(data).toEqual([
      { project_id: 1, total: 90, count: 3, average: 30, max: '50' },
      { project_id: 2, total: 20, count: 1, average: 20, max: '20' },
    ])
    const all = await anon.from('tasks').select('count(), hours.min()').eq('done', false)
    expect(all.data).toEqual([{ count: 3, min: 10 }])
    const embedded = await anon.from('projects').select('name, tasks(done, hours.sum())').order('id').order('done', { referencedTable: 'tasks' })
    expect(embedded.error).toBeNull()
    expect(embedded.data).toEqual([
      {
        name: 'Analytical Engine',
        tasks: [
          { done: false, sum: 40 },
          { done: true, sum: 50 },
        ],
      },
      { name: 'Loom', tasks: [{ done: false, sum: 20 }] },
    ])
    // In a to-one spread an aggregate counts over the rows that embed it, as PostgREST hoists it.
    const hoisted = await anon.from('tasks').select('done, ...projects(count(), id.max())').order('done')
    expect(hoisted.error).toBeNull()
    expect(hoisted.data).toEqual([
      { done: false, count: 3, max: 2 },
      { done: true, count: 1, max: 1 },
    ])
    const toMany = await anon.from('projects').select('name, ...tasks(hours.sum())')
    expect(toMany.status).toBe(400)
    expect(toMany.error).toMatchObject({
      code: 'PGRST127',
      message: 'Feature not implemented',
      details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
    })
  })
})

describe('schemas other than public', () => {
  it('reads, calls and writes an exposed schema through Accept-Profile and Content-Profile', async () => {
    const items = anon.schema('inventory')
    const { data, error } = await items.from('items').select('name, stock').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([{ name: 'Gear', stock: 5 }])
    expect((await items.rpc('in_stock', { minimum: 0 }).select('name')).data).toEqual([{ name: 'Gear' }])
    const written = await backend.service().schema('inventory').from('items').insert({ id: 3, name: 'Cog', stock: 9 }).select('name').single()
    expect(written.data).toEqual({ name: 'Cog' })
    // Without a profile the first exposed schema is read: inventory's table is not there.
    expect((await anon.from('items').select()).error?.code).toBe('PGRST205')
  })

  it('refuses a schema that is not exposed with PGRST106 (406)', async () => {
    const { error, status } = await anon.schema('internal').from('notes').select()
    expect(status).toBe(406)
    expect(error).toMatchObject({ code: 'PGRST106', message: 'The schema must be one of the following: public, inventory', details: null, hint: null })
    const write = await restRaw(backend, 'notes', {
      method: 'POST',
      headers: { 'content-profile': 'internal', 'content-type': 'application/json' },
      body: '{"id": 2}',
    })
    expect(write.status).toBe(406)
  })
})

describe('media types', () => {
  it('answers text/csv on table and rpc reads', async () => {
    const table = await anon.from('people').select('id, first_name').order('id').limit(2).csv()
    expect(table.data).toBe('id,first_name\n1,Ada\n2,Charles')
    const rpc = await restRaw(backend, 'rpc/people_in?city=London&select=id,full_name&order=id', { headers: { accept: 'text/csv' } })
    expect(rpc.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(rpc.text).toBe('id,full_name\n1,"Ada Lovelace"\n2,"Charles Babbage"')
  })

  it("quotes CSV values as PostgREST writes them: Postgres' text form of a record", async () => {
    const sayings = await anon.from('sayings').select('*').order('id').csv()
    expect(sayings.data).toBe('id,words,tags\n1,"say ""hi"", \\\\ then","{a,b}"\n2,"",\n3,plain,{}')
    const tasks = await anon.from('tasks').select('id, title, finished:done').eq('id', 3).csv()
    expect(tasks.data).toBe('id,title,finished\n3,"Build the store",t')
    const none = await anon.from('tasks').select('id').eq('id', 99).csv()
    expect(none.data).toBe('\n')
  })

  it('answers 406 for GeoJSON where PostGIS is absent', async () => {
    const { error, status } = await anon.from('people').select('id').geojson()
    expect(status).toBe(406)
    expect(error).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: application/geo+json' })
  })

  it('answers the query plan only once the project enables it (db-plan-enabled)', async () => {
    const refused = await anon.from('people').select('id').eq('id', 1).explain({ format: 'json' })
    expect(refused.status).toBe(406)
    expect(refused.error?.code).toBe('PGRST107')
    await enableApiSetting('pgrst.db_plan_enabled')
    const { data, error } = await anon.from('people').select('id').eq('id', 1).explain({ format: 'json' })
    expect(error).toBeNull()
    expect(JSON.stringify(data)).toContain('"Relation Name":"people"')
    const text = await anon.rpc('people_in', { city: 'Lyon' }, { get: true }).explain()
    expect(String(text.data)).toContain('Function Scan')
    // The plan's options: verbose names each node's output, analyze runs it.
    const verbose = await anon.from('people').select('id').eq('id', 1).explain({ format: 'json', verbose: true, analyze: true })
    expect(verbose.error).toBeNull()
    expect(JSON.stringify(verbose.data)).toMatch(/"Output":\[.*"Actual Rows":1/)
  })
})
