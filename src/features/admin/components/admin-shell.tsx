// The guarded frame: a 16rem sidebar (a drawer on small screens, closed on every navigation), the
// header greeting and Logout.
import { LogOut, Menu, X } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { NavLink } from 'react-router'
import type { AdminNavItem } from './admin-nav'
import { iconButton } from './styles'

export interface AdminShellProps {
  greetingName: string | null
  /** The screens of the signed-in person's role. */
  nav: AdminNavItem[]
  newMessages: number
  onLogout: () => void
  children: ReactNode
}

export function AdminShell({ greetingName, nav, newMessages, onLogout, children }: AdminShellProps) {
  const [open, setOpen] = useState(false)

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 md:pl-64">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {open ? <div className="fixed inset-0 z-30 bg-slate-900/40 md:hidden" onClick={() => setOpen(false)} aria-hidden /> : null}
      <aside
        id="admin-sidebar"
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-slate-200 bg-white transition-[transform,visibility] md:translate-x-0 ${
          // Closed on a phone it is also invisible, so its links leave the tab order.
          open ? 'translate-x-0' : 'max-md:invisible -translate-x-full'
        }`}
      >
        <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
          <span className="text-sm font-semibold tracking-tight text-brand-primary">Admin Panel</span>
          <button type="button" className={`${iconButton} md:hidden`} onClick={() => setOpen(false)} aria-label="Close menu">
            <X aria-hidden className="size-4" />
          </button>
        </div>
        <nav aria-label="Admin" className="flex-1 overflow-y-auto px-2 py-3">
          <ul className="grid gap-0.5">
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/admin'}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    `flex items-center gap-2.5 rounded-md px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-primary ${
                      isActive ? 'bg-brand-primary/10 font-medium text-brand-primary' : 'text-slate-700 hover:bg-slate-100'
                    }`
                  }
                >
                  <item.icon aria-hidden className="size-4 shrink-0" strokeWidth={1.75} />
                  <span className="flex-1">{item.label}</span>
                  {item.countsInbox && newMessages > 0 ? (
                    <span className="rounded-full bg-brand-primary px-1.5 text-xs font-medium text-white">
                      {newMessages}
                      <span className="sr-only"> new</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-200 p-2">
          <button
            type="button"
            onClick={onLogout}
            className="flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-primary"
          >
            <LogOut aria-hidden className="size-4" strokeWidth={1.75} />
            Logout
          </button>
        </div>
      </aside>
      <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur md:px-6">
        <button
          type="button"
          className={`${iconButton} md:hidden`}
          onClick={() => setOpen(true)}
          aria-label="Open menu"
          aria-expanded={open}
          aria-controls="admin-sidebar"
        >
          <Menu aria-hidden className="size-5" />
        </button>
        <p className="text-sm text-slate-700">Welcome back, {greetingName ?? 'Admin'}</p>
      </header>
      <main id="admin-main" className="mx-auto max-w-6xl px-4 py-6 md:px-6">
        {children}
      </main>
    </div>
  )
}
