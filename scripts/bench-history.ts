// `npm run bench:history`: what the activity log and revisions cost. In-process PGlite with the
// migrations and the seed (the local backend's database, without HTTP in front, so the figure is
// the database's own): saves of a blog post as an admin with the history trigger (log and version) and
// without them, then the Activity screen's query with 100,000 log rows. Prints figures; asserts nothing.
import { PGlite } from '@electric-sql/pglite'
import { bootstrap } from '../local-supabase/src/bootstrap.ts'

const SAVES = Number(process.env.BENCH_SAVES ?? 500)
const BLOCKS = 10
const LOG_ROWS = 100_000
const ADMIN = '90000000-0000-4000-8000-000000000001'
const TRIGGERS = ['blog_posts_log']

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

interface SaveCost {
  wall: number
  cpu: number
}

/** One block of saves: milliseconds per save, by the clock and of this process's CPU (PGlite runs in it). */
async function timeSaves(label: string, saves: number): Promise<SaveCost> {
  const started = performance.now()
  const cpu = process.cpuUsage()
  for (let i = 0; i < saves; i++) await asAdmin('update public.blog_posts set excerpt = $1 where id = $2', [`${label} ${i}`, postId])
  const used = process.cpuUsage(cpu)
  return { wall: (performance.now() - started) / saves, cpu: (used.user + used.system) / 1000 / saves }
}

const setTriggers = (on: boolean) => pg.exec(TRIGGERS.map((t) => `alter table public.blog_posts ${on ? 'enable' : 'disable'} trigger ${t};`).join('\n'))
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await work()
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]
}

// Blocks with and without the triggers take turns, so a busy machine slows both alike; the medians
// of the blocks are the figures. Warm-up first (plans, caches).
await timeSaves('warm', 50)
const withTriggers: SaveCost[] = []
const without: SaveCost[] = []
for (let block = 0; block < BLOCKS; block++) {
  withTriggers.push(await timeSaves(`with ${block}`, SAVES / BLOCKS))
  await setTriggers(false)
  without.push(await timeSaves(`without ${block}`, SAVES / BLOCKS))
  await setTriggers(true)
}
const report = (pick: (cost: SaveCost) => number) => {
  const on = middle(withTriggers.map(pick))
  const off = middle(without.map(pick))
  return `${on.toFixed(3)} vs ${off.toFixed(3)} ms: ${(on - off).toFixed(3)} ms`
}
console.log(`Save of a blog post (${SAVES} saves in ${BLOCKS} alternating blocks, one transaction each; median of the blocks):`)
console.log(`  with the history trigger vs without, by the clock: ${report((c) => c.wall)}`)
console.log(`  the same in CPU time of the process:               ${report((c) => c.cpu)}`)

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
