// The Redirects screen: old addresses and where they now lead, recorded when a slug changes or added
// by staff.
import { ArrowRight } from 'lucide-react'
import { REDIRECT_STATUSES, redirectMessages, redirectSchema, type Redirect, type RedirectInput, type RedirectValues } from '~/entities/redirect'
import { formValuesOf } from '~/entities/form-values'
import { dialogLabels } from '../components/resource-form'
import type { ResourceDescription } from '../components/resource-screen'
import { EditAndRemove } from '../components/item-parts'
import { badge, card } from '../components/styles'
import { isSitePath } from '~/lib/safe-url'
import { useFormatTime } from '../lib/time-zone'

export const redirectsResource: ResourceDescription<Redirect, RedirectInput, RedirectValues> = {
  title: 'Redirects',
  subtitle: 'Old addresses and where they lead; a renamed post or solution gets one automatically',
  addLabel: 'Add Redirect',
  messages: redirectMessages,
  label: (redirect) => redirect.from_path,
  search: { placeholder: 'Search paths...', text: (r) => [r.from_path, r.to_path] },
  listClass: 'grid gap-2',
  Item: ({ row: redirect, controls }) => {
    const formatTime = useFormatTime()
    return (
      <li className={`${card} flex flex-wrap items-center gap-3 p-3`}>
        <div className="grid min-w-0 flex-1 gap-1 text-sm">
          <p className="flex min-w-0 flex-wrap items-center gap-1.5 font-mono text-slate-900">
            <span className="break-all">{redirect.from_path}</span>
            <ArrowRight aria-label="to" className="size-4 shrink-0 text-slate-500" />
            <span className="break-all">{redirect.to_path}</span>
          </p>
          <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
            <span className={`${badge} bg-slate-100 text-slate-800`}>{redirect.status_code === 301 ? '301 Permanent' : '302 Temporary'}</span>
            {redirect.automatic ? <span className={`${badge} bg-sky-50 text-sky-900`}>From a slug change</span> : null}
            {isSitePath(redirect.to_path) ? null : <span className={`${badge} bg-amber-50 text-amber-900`}>External: leaves this site</span>}
            <span>Since {formatTime(redirect.created_at, 'date')}</span>
          </p>
        </div>
        <EditAndRemove controls={controls} />
      </li>
    )
  },
  form: {
    schema: redirectSchema,
    draftKey: 'redirect',
    initial: (item) => formValuesOf(redirectSchema, item),
    ...dialogLabels('Redirect'),
    parts: [
      { name: 'from_path', label: 'From path', placeholder: '/old-page', hint: 'An address on this site' },
      { name: 'to_path', label: 'To', placeholder: '/new-page or https://…', hint: 'A path on this site; only admins can point to another site (a full URL)' },
      {
        name: 'status_code',
        label: 'Type',
        kind: 'select',
        options: REDIRECT_STATUSES.map((code) => ({ value: code, label: code === '301' ? '301 Permanent' : '302 Temporary' })),
      },
    ],
  },
}
