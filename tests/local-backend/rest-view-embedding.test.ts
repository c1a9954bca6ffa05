// Embedding through views: a view relates to other tables and views through the foreign keys of
// the table columns it shows, as PostgREST infers them (renamed columns, views of views, a view of
// a table in a schema the API does not expose). Checked through supabase-js on a fixture schema.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackendWithFixture, type LocalBackend } from '../helpers/local-backend.ts'

const FIXTURE = `
create table public.customers (id int primary key, name text not null);
create table public.projects (id int primary key, name text not null, customer_id int references public.customers (id));
create table public.customer_profiles (id int primary key, customer_id int unique references public.customers (id), motto text not null);
create schema ledger;
create table ledger.invoices (id int primary key, customer_id int not null references public.customers (id), total int not null);
insert into public.customers values (1, 'Acme'), (2, 'Globex');
insert into public.projects values (1, 'Rocket', 1), (2, 'Anvil', 1), (3, 'Dome', 2);
insert into public.customer_profiles values (1, 1, 'Everything you need');
insert into ledger.invoices values (1, 1, 100), (2, 2, 250);

create view public.project_list as select id, name as title, customer_id as customer from public.projects;
create view public.customer_list as select id as customer_no, upper(name) as label from public.customers;
create view public.recent_projects as select title, customer from public.project_list where id > 1;
create view public.profile_cards as select motto, customer_id from public.customer_profiles;
create view public.invoice_list as select id, total, customer_id from ledger.invoices;
create table public.labels (id int primary key, text text not null);
create table public.project_labels (
  project_id int references public.projects (id), label_id int references public.labels (id), primary key (project_id, label_id)
);
insert into public.labels values (1, 'urgent'), (2, 'internal');
insert into public.project_labels values (1, 1), (1, 2), (3, 2);
create view public.label_list as select id as label_no, text as caption from public.labels;
grant select on public.labels, public.project_labels, public.label_list to anon;
create function public.projects_of(customer_no int) returns setof public.project_list language sql stable
  as $$ select * from public.project_list where customer = customer_no $$;
-- The foreign key column only as an expression: no relationship.
create view public.project_names as select name, customer_id + 0 as customer from public.projects;

alter table public.customers enable row level security;
alter table public.projects enable row level security;
alter table public.customer_profiles enable row level security;
grant select on public.customers, public.projects, public.customer_profiles to anon;
create policy "customers" on public.customers for select to anon using (true);
create policy "projects" on public.projects for select to anon using (true);
create policy "customer profiles" on public.customer_profiles for select to anon using (true);
grant select on public.project_list, public.customer_list, public.recent_projects, public.profile_cards,
  public.invoice_list, public.project_names to anon;
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

describe('embedding through views', () => {
  it('embeds the table a view refers to, through a renamed column', async () => {
    const { data, error } = await anon.from('project_list').select('title, customers(name)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { title: 'Rocket', customers: { name: 'Acme' } },
      { title: 'Anvil', customers: { name: 'Acme' } },
      { title: 'Dome', customers: { name: 'Globex' } },
    ])
  })

  it('embeds a view into the table it refers to, to-many, with the embed filtered and ordered', async () => {
    const { data, error } = await anon
      .from('customers')
      .select('name, project_list(title)')
      .order('id')
      .order('title', { referencedTable: 'project_list' })
      .neq('project_list.title', 'Dome')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Acme', project_list: [{ title: 'Anvil' }, { title: 'Rocket' }] },
      { name: 'Globex', project_list: [] },
    ])
  })

  it('embeds a view into a view, and through a view of a view', async () => {
    const both = await anon.from('project_list').select('title, customer_list(label)').eq('id', 3).single()
    expect(both.error).toBeNull()
    expect(both.data).toEqual({ title: 'Dome', customer_list: { label: 'GLOBEX' } })
    const nested = await anon.from('customer_list').select('label, recent_projects(title)').order('customer_no')
    expect(nested.error).toBeNull()
    expect(nested.data).toEqual([
      { label: 'ACME', recent_projects: [{ title: 'Anvil' }] },
      { label: 'GLOBEX', recent_projects: [{ title: 'Dome' }] },
    ])
  })

  it('filters by a view embed with !inner and disambiguates by the view column as a hint', async () => {
    const { data, error } = await anon.from('project_list').select('title, customers!customer!inner(name)').eq('customers.name', 'Globex')
    expect(error).toBeNull()
    expect(data).toEqual([{ title: 'Dome', customers: { name: 'Globex' } }])
  })

  it('keeps a one-to-one foreign key one-to-one through a view', async () => {
    const { data, error } = await anon.from('customers').select('name, profile_cards(motto)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Acme', profile_cards: { motto: 'Everything you need' } },
      { name: 'Globex', profile_cards: null },
    ])
  })

  it('relates a view of a table in a schema the API does not expose', async () => {
    const { data, error } = await anon.from('invoice_list').select('total, customers(name)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { total: 100, customers: { name: 'Acme' } },
      { total: 250, customers: { name: 'Globex' } },
    ])
    const back = await anon.from('customers').select('name, invoice_list(total)').eq('id', 2).single()
    expect(back.data).toEqual({ name: 'Globex', invoice_list: [{ total: 250 }] })
  })

  it('embeds a view many-to-many through a junction table', async () => {
    const { data, error } = await anon.from('projects').select('name, label_list(caption)').order('id').order('caption', { referencedTable: 'label_list' })
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Rocket', label_list: [{ caption: 'internal' }, { caption: 'urgent' }] },
      { name: 'Anvil', label_list: [] },
      { name: 'Dome', label_list: [{ caption: 'internal' }] },
    ])
  })

  it("embeds what a view relates to in an rpc's rows of that view", async () => {
    const { data, error } = await anon.rpc('projects_of', { customer_no: 1 }).select('title, customers(name)').order('title')
    expect(error).toBeNull()
    expect(data).toEqual([
      { title: 'Anvil', customers: { name: 'Acme' } },
      { title: 'Rocket', customers: { name: 'Acme' } },
    ])
  })

  it('finds no relationship through a column the view computes (PGRST200)', async () => {
    const { error } = await anon.from('project_names').select('name, customers(name)')
    expect(error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'project_names' and 'customers' in the schema cache",
    })
  })
})
