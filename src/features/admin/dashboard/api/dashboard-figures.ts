import type { Permission } from '~/entities/staff-role'
import { check, type Db } from '~/lib/supabase'

export interface DailyViews {
  day: string
  views: number
}

/** Each group of figures is there only for a role whose permissions open it. */
export interface DashboardFigures {
  content: { solutions: number; clients: number; testimonials: number } | null
  views: {
    /** Page views over the last 30 days, today included. */
    views30Days: number
    viewsPerDay: DailyViews[]
  } | null
  leads: { newMessages: number; subscribers: number } | null
  applications: { openApplications: number } | null
}

export interface ComingUp {
  kind: 'post' | 'job'
  title: string
  /** When the post goes live or the opening closes (UTC). */
  at: string
}

export const VIEW_DAYS = 30

/** Posts scheduled to go live and openings about to close, soonest first (at most 10). */
export async function getComingUp(db: Db, now: Date = new Date()): Promise<ComingUp[]> {
  const at = now.toISOString()
  const [posts, jobs] = await Promise.all([
    db.from('blog_posts').select('title, publish_at').eq('published', true).gt('publish_at', at).order('publish_at').limit(10),
    db.from('job_openings').select('title, closes_at').eq('active', true).gt('closes_at', at).order('closes_at').limit(10),
  ])
  check(posts, 'scheduled posts')
  check(jobs, 'closing job openings')
  const items: ComingUp[] = [
    ...(posts.data ?? []).map((p) => ({ kind: 'post' as const, title: p.title, at: p.publish_at })),
    ...(jobs.data ?? []).flatMap((j) => (j.closes_at ? [{ kind: 'job' as const, title: j.title, at: j.closes_at }] : [])),
  ]
  return items.sort((a, b) => Date.parse(a.at) - Date.parse(b.at)).slice(0, 10)
}

async function exactCount(query: PromiseLike<{ count: number | null; error: { message: string } | null }>, what: string): Promise<number> {
  const result = await query
  check(result, what)
  return result.count ?? 0
}

async function contentFigures(db: Db): Promise<NonNullable<DashboardFigures['content']>> {
  const head = { count: 'exact', head: true } as const
  const [solutions, clients, testimonials] = await Promise.all([
    exactCount(db.from('solutions').select('id', head), 'solutions'),
    exactCount(db.from('clients').select('id', head), 'clients'),
    exactCount(db.from('testimonials').select('id', head), 'testimonials'),
  ])
  return { solutions, clients, testimonials }
}

async function viewFigures(db: Db): Promise<NonNullable<DashboardFigures['views']>> {
  const views = await db.rpc('page_view_totals', { days: VIEW_DAYS })
  check(views, 'page views')
  const viewsPerDay = (views.data ?? []).map((row) => ({ day: row.day, views: Number(row.views) }))
  return { viewsPerDay, views30Days: viewsPerDay.reduce((sum, row) => sum + row.views, 0) }
}

async function leadFigures(db: Db): Promise<NonNullable<DashboardFigures['leads']>> {
  const head = { count: 'exact', head: true } as const
  const [newMessages, subscribers] = await Promise.all([
    exactCount(db.from('contact_messages').select('id', head).eq('status', 'new'), 'contact messages'),
    exactCount(db.from('newsletter_subscribers').select('id', head).eq('status', 'subscribed'), 'subscribers'),
  ])
  return { newMessages, subscribers }
}

async function applicationFigures(db: Db): Promise<NonNullable<DashboardFigures['applications']>> {
  const head = { count: 'exact', head: true } as const
  return { openApplications: await exactCount(db.from('job_applications').select('id', head).in('status', ['new', 'reviewing']), 'applications') }
}

/** The dashboard's figures that these permissions open, all exact counts from the database. */
export async function getDashboardFigures(db: Db, permissions: readonly Permission[]): Promise<DashboardFigures> {
  const when = <T>(permission: Permission, load: (db: Db) => Promise<T>) => (permissions.includes(permission) ? load(db) : Promise.resolve(null))
  const [content, views, leads, applications] = await Promise.all([
    when('content.write', contentFigures),
    when('views.read', viewFigures),
    when('leads.read', leadFigures),
    when('applications.read', applicationFigures),
  ])
  return { content, views, leads, applications }
}
