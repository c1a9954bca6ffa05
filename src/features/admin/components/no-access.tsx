import { Lock } from 'lucide-react'
import { Link } from 'react-router'
import { roleLabel } from '~/entities/staff-role'
import { buttonSecondary, card } from './styles'

/** What a staff member sees at the URL of a screen their role does not include. */
export function NoAccess({ role }: { role: string }) {
  return (
    <section className={`${card} mx-auto mt-6 max-w-lg p-6 text-center`} aria-labelledby="no-access-heading">
      <span className="mx-auto flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Lock aria-hidden className="size-5" strokeWidth={1.75} />
      </span>
      <h1 id="no-access-heading" className="mt-3 text-lg font-semibold text-slate-900">
        No access
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        Your role ({roleLabel(role)}) does not include this screen. If you need it, ask an admin to change your role.
      </p>
      <Link to="/admin" className={`${buttonSecondary} mt-4`}>
        Back to the dashboard
      </Link>
    </section>
  )
}
