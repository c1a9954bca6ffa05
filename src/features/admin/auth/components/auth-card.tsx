// The one frame of the signed-out screens (login, welcome, password reset): a centred card with
// an icon, a title and a line of help.
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { card } from '../../components/styles'

export function AuthCard({ icon: Icon, title, subtitle, children }: { icon: LucideIcon; title: string; subtitle: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className={`${card} w-full max-w-sm p-6 shadow-sm`}>
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 flex size-10 items-center justify-center rounded-full bg-brand-primary/10 text-brand-primary">
            <Icon aria-hidden className="size-5" />
          </span>
          <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        </div>
        {children}
      </div>
    </main>
  )
}

/** A notice at the top of the card (why the person is here, or what happened). */
export function CardNotice({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {children}
    </p>
  )
}
