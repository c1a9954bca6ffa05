// `npm run bench:history`: what the activity log and revisions cost. In-process PGlite with the
// migrations and the seed (the local backend's database, without HTTP in front, so the figure is
// the database's own): saves of a blog post as an admin with the log and revision triggers and
// without them, then the Activity screen's query with 100,000 log rows. Prints figures; asserts nothing.
import { PGlite } from '@electric-sql/pglite'
import { bootstrap } from '../local-supabase/src/bootstrap.ts'

const SAVES = Number(process.env.BENCH_SAVES ?? 500)
const LOG_ROWS = 100_000
const ADMIN = '90000000-0000-4000-8000-000000000001'
const TRIGGERS = ['blog_posts_log', 'blog_posts_revision']

const pg = await PGlite.create()
await bootstrap(pg, { seed: true })
await pg.exec(`insert into auth.users (id, email) values ('${ADMIN}', 'bench@example.test');
  insert into public.staff_roles (user_id, role) values ('${ADMIN}', 'admin');`)
const postId = (await pg.query<{ id: string }>('select id from public.blog_posts order by created_at limit 1')).rows[0].id

/** One request's transaction as the API runs it: role, claims, headers, then the statement. */
async function asAdmin<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return pg.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true), set_config('request.headers', $2, true)`, [
      JSON.stringify({ role: 'authenticated', sub: ADMIN }),
      JSON.stringify({ 'x-forwarded-for': '203.0.113.1' }),
    ])
    return (await tx.query<T>(sql, params)).rows
  })
}

async function timeSaves(label: string): Promise<number> {
  // Warm up (plans, caches), then measure.
  for (let i = 0; i < 20; i++) await asAdmin('update public.blog_posts set excerpt = $1 where id = $2', [`warm ${label} ${i}`, postId])
  const started = performance.now()
  for (let i = 0; i < SAVES; i++) await asAdmin('update public.blog_posts set excerpt = $1 where id = $2', [`${label} ${i}`, postId])
  return (performance.now() - started) / SAVES
}

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await work()
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]
}

const withTriggers = await timeSaves('with')
await pg.exec(TRIGGERS.map((t) => `alter table public.blog_posts disable trigger ${t};`).join('\n'))
const without = await timeSaves('without')
await pg.exec(TRIGGERS.map((t) => `alter table public.blog_posts enable trigger ${t};`).join('\n'))
console.log(`Save of a blog post (${SAVES} saves, one transaction each):`)
console.log(`  with the log and revision triggers: ${withTriggers.toFixed(3)} ms`)
console.log(`  without them:                       ${without.toFixed(3)} ms`)
console.log(`  cost of the history per save:       ${(withTriggers - without).toFixed(3)} ms`)

// 100,000 rows over a year, spread over areas, actions and a few actors, as the owner writes them.
await pg.exec(`
  insert into private.activity_log (occurred_at, actor_id, actor_email, actor_name, actor_role, action, area, table_name, row_id, title, changes)
  select now() - (i * interval '5 minutes'),
         case when i % 4 = 0 then '${ADMIN}'::uuid else gen_random_uuid() end,
         'staff' || (i % 7) || '@example.test', 'Staff ' || (i % 7), 'admin',
         (array['updated', 'created', 'published', 'deleted', 'status_changed'])[1 + i % 5],
         (array['content', 'content', 'leads', 'staff_settings'])[1 + i % 4],
         'blog_posts', gen_random_uuid()::text, 'Item ' || i,
         jsonb_build_object('title', jsonb_build_object('before', 'a', 'after', 'b'))
  from generate_series(1, ${LOG_ROWS}) as i;
  analyze private.activity_log;`)
const scenarios: [string, string][] = [
  ['first page, no filter', 'select * from public.activity_feed(max_rows => 51)'],
  ['page 20, no filter', 'select * from public.activity_feed(max_rows => 51, skip => 950)'],
  ['area content', `select * from public.activity_feed(in_area => 'content', max_rows => 51)`],
  ['one staff member', `select * from public.activity_feed(by_actor => '${ADMIN}', max_rows => 51)`],
  ['action deleted, last 30 days', `select * from public.activity_feed(by_action => 'deleted', since => now() - interval '30 days', max_rows => 51)`],
  ['CSV export, 10,000 rows', 'select * from public.activity_feed(max_rows => 10000)'],
]
console.log(`Activity screen's query with ${LOG_ROWS.toLocaleString('en')} log rows (median of 15):`)
for (const [label, sql] of scenarios) console.log(`  ${label.padEnd(30)} ${(await median(15, () => asAdmin(sql))).toFixed(1)} ms`)
await pg.close()
