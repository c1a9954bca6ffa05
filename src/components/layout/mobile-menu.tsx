import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Menu, X } from 'lucide-react'
import { buttonClasses } from '~/components/ui/button-link'
import { isCurrent, useCurrentPath } from './current-path'
import { MOBILE_ITEMS } from './nav-items'

const PANEL = 'absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-5 pt-2 pb-6 shadow-lg'

function MenuEntries({ onNavigate }: { onNavigate: () => void }) {
  const current = useCurrentPath()
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {MOBILE_ITEMS.map((item) => (
          <li key={item.href}>
            <Link
              to={item.href}
              aria-current={isCurrent(current, item.href) ? 'page' : undefined}
              onClick={onNavigate}
              className="block py-3.5 text-base font-medium text-slate-800 aria-[current=page]:text-brand-primary-text"
            >
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-4 grid gap-3">
        <Link to="/contact" onClick={onNavigate} className={buttonClasses('outline', 'lg', 'w-full')}>
          Contact Sales
        </Link>
        <Link to="/contact" onClick={onNavigate} className={buttonClasses('primary', 'lg', 'w-full')}>
          Get a Demo
        </Link>
      </div>
    </>
  )
}

/**
 * The phone menu (below md): a toggle that opens the header's entries under it. It closes on
 * every route change and on Escape (focus goes back to the toggle).
 */
export function MobileMenu() {
  const { pathname } = useLocation()
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === pathname
  const panelId = useId()
  const toggle = useRef<HTMLButtonElement>(null)
  const close = () => setOpenOn(null)

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null)
        toggle.current?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  return (
    <div className="md:hidden">
      <button
        ref={toggle}
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        {open ? <X aria-hidden="true" className="size-6" strokeWidth={1.75} /> : <Menu aria-hidden="true" className="size-6" strokeWidth={1.75} />}
      </button>
      {open && (
        // The panel slides in with a CSS animation (switched off by the reduced-motion rule).
        <nav id={panelId} aria-label="Mobile" className={`${PANEL} animate-menu-in`}>
          <MenuEntries onNavigate={close} />
        </nav>
      )}
    </div>
  )
}
