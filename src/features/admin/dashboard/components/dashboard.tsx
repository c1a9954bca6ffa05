import { Building2, Eye, FolderKanban, Inbox, Mail, MessageSquareQuote, UserRound, type LucideIcon } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { PageHeader } from '../../components/page-header'
import { card } from '../../components/styles'
import { useFormatTime } from '../../lib/time-zone'
import { VIEW_DAYS, type ComingUp, type DashboardFigures } from '../api/dashboard-figures'

// recharts comes with the chart, not with the dashboard: the web server, which imports every route
// to render the pages, never loads it, and the figures show before it arrives.
const ViewsChart = lazy(() => import('./views-chart').then((module) => ({ default: module.ViewsChart })))

const number = new Intl.NumberFormat('en-GB')

function Figure({ label, value, icon: Icon, to }: { label: string; value: number; icon: LucideIcon; to?: string }) {
  const body = (
    <>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-brand-primary/10 text-brand-primary">
        <Icon aria-hidden className="size-4" strokeWidth={1.75} />
      </span>
      <span>
        <span className="block text-xl font-semibold tabular-nums text-slate-900">{number.format(value)}</span>
        <span className="block text-xs text-slate-600">{label}</span>
      </span>
    </>
  )
  // Figures with a manager behind them link to it; the views figure is explained by the chart below.
  return to ? (
    <Link to={to} className={`${card} flex items-center gap-3 p-4 hover:border-slate-300 focus-visible:outline-2 focus-visible:outline-brand-primary`}>
      {body}
    </Link>
  ) : (
    <div className={`${card} flex items-center gap-3 p-4`}>{body}</div>
  )
}

function ComingUpList({ items }: { items: ComingUp[] }) {
  const formatTime = useFormatTime()
  return (
    <section className={`${card} p-4`} aria-labelledby="coming-up-heading">
      <h2 id="coming-up-heading" className="mb-2 text-sm font-semibold text-slate-900">
        Coming up
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing scheduled.</p>
      ) : (
        <ul className="grid gap-1.5 text-sm">
          {items.map((item) => (
            <li key={`${item.kind}:${item.title}:${item.at}`} className="flex flex-wrap gap-x-2">
              <span className="font-medium text-slate-900 tabular-nums">{formatTime(item.at)}</span>
              <span className="text-slate-700">
                {item.kind === 'post' ? 'Post goes live: ' : 'Job opening closes: '}
                {item.title}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The figures of the signed-in person's role: content, views, leads and applications as it may see them; what is coming up. */
export function Dashboard({ figures: data, comingUp }: { figures: DashboardFigures | null; comingUp: ComingUp[] }) {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="An overview of the website's content and leads" />
      {data ? (
        <div className="grid gap-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {data.content ? (
              <>
                <Figure label="Solutions" value={data.content.solutions} icon={FolderKanban} to="/admin/solutions" />
                <Figure label="Clients" value={data.content.clients} icon={Building2} to="/admin/clients" />
                <Figure label="Testimonials" value={data.content.testimonials} icon={MessageSquareQuote} to="/admin/testimonials" />
              </>
            ) : null}
            {data.views ? <Figure label={`Website views (${VIEW_DAYS} days)`} value={data.views.views30Days} icon={Eye} /> : null}
            {data.leads ? (
              <>
                <Figure label="New messages" value={data.leads.newMessages} icon={Inbox} to="/admin/inbox" />
                <Figure label="Subscribers" value={data.leads.subscribers} icon={Mail} to="/admin/subscribers" />
              </>
            ) : null}
            {data.applications ? (
              <Figure label="Open applications" value={data.applications.openApplications} icon={UserRound} to="/admin/applications" />
            ) : null}
          </div>
          <ComingUpList items={comingUp} />
          {data.views ? (
            <section className={`${card} p-4`} aria-labelledby="views-heading">
              <h2 id="views-heading" className="mb-2 text-sm font-semibold text-slate-900">
                Page views per day, last {VIEW_DAYS} days
              </h2>
              <Suspense fallback={<div className="h-48" />}>
                <ViewsChart data={data.views.viewsPerDay} />
              </Suspense>
            </section>
          ) : null}
        </div>
      ) : null}
    </>
  )
}
