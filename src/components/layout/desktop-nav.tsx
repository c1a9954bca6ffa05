import { ArrowRight, ChevronDown, Landmark } from 'lucide-react'
import { NavigationMenu } from 'radix-ui'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { isCurrent, useCurrentPath } from './current-path'
import { COMPANY_ITEMS, FEATURED_SOLUTION, SOLUTION_ITEMS, SOLUTION_MENU_LIMIT, type NavItem } from './nav-items'

const topLink =
  'inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-700 transition hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-brand-primary-text data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900'
const panel = 'absolute top-full left-0 z-50 mt-2 rounded-xl border border-slate-200 bg-white p-3 shadow-xl shadow-slate-900/10 data-[motion]:animate-fade-up'

function MenuLink({ item }: { item: NavItem }) {
  return (
    <NavigationMenu.Link asChild>
      <Link to={item.href} className="block rounded-lg px-3 py-2.5 transition hover:bg-slate-50 focus-visible:bg-slate-50">
        <span className="block text-sm font-semibold text-slate-900">{item.title}</span>
        {item.description && <span className="mt-0.5 block text-sm text-slate-600">{item.description}</span>}
      </Link>
    </NavigationMenu.Link>
  )
}

/**
 * The desktop menu (md and up): Radix Navigation Menu, so the dropdowns open with the keyboard
 * (Enter, Space, arrow keys), Escape closes them and focus stays visible.
 */
export function DesktopNav() {
  const { pathname } = useLocation()
  // Radix marks an `active` entry aria-current="page".
  const current = useCurrentPath()
  const [open, setOpen] = useState('')
  // A new page closes any open dropdown (the state is keyed by the path it was opened on).
  const [openedOn, setOpenedOn] = useState(pathname)
  const value = openedOn === pathname ? open : ''
  return (
    <NavigationMenu.Root
      aria-label="Main"
      className="relative hidden md:block"
      delayDuration={200}
      skipDelayDuration={300}
      value={value}
      onValueChange={(next) => {
        setOpen(next)
        setOpenedOn(pathname)
      }}
    >
      <NavigationMenu.List className="flex items-center gap-1">
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild active={isCurrent(current, '/')}>
            <Link to="/" className={topLink}>
              Home
            </Link>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
        <NavigationMenu.Item value="solutions" className="relative">
          <NavigationMenu.Trigger className={topLink}>
            Solutions <ChevronDown aria-hidden="true" className="size-4 transition-transform duration-200 in-data-[state=open]:rotate-180" strokeWidth={1.75} />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className={`${panel} grid w-[40rem] grid-cols-[15rem_1fr] gap-3`}>
            <div className="flex flex-col justify-between rounded-lg bg-brand-primary p-5 text-on-primary">
              <div>
                <Landmark aria-hidden="true" className="size-7" strokeWidth={1.75} />
                <p className="mt-4 text-base font-semibold">{FEATURED_SOLUTION.title}</p>
                <p className="mt-2 text-sm opacity-90">{FEATURED_SOLUTION.description}</p>
              </div>
              <NavigationMenu.Link asChild>
                <Link
                  to={FEATURED_SOLUTION.href}
                  className="mt-5 inline-flex items-center gap-1.5 self-start rounded-md bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
                >
                  Learn More <ArrowRight aria-hidden="true" className="size-4" strokeWidth={1.75} />
                </Link>
              </NavigationMenu.Link>
            </div>
            <ul className="grid content-start gap-0.5">
              <li>
                <MenuLink item={{ title: 'All Solutions', href: '/solutions', description: 'The full product suite at a glance.' }} />
              </li>
              {SOLUTION_ITEMS.slice(0, SOLUTION_MENU_LIMIT).map((item) => (
                <li key={item.href}>
                  <MenuLink item={item} />
                </li>
              ))}
            </ul>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild active={isCurrent(current, '/industries')}>
            <Link to="/industries" className={topLink}>
              Industries
            </Link>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
        <NavigationMenu.Item value="company" className="relative">
          <NavigationMenu.Trigger className={topLink}>
            Company <ChevronDown aria-hidden="true" className="size-4 transition-transform duration-200 in-data-[state=open]:rotate-180" strokeWidth={1.75} />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className={`${panel} w-80`}>
            <ul className="grid gap-0.5">
              {COMPANY_ITEMS.map((item) => (
                <li key={item.href}>
                  <MenuLink item={item} />
                </li>
              ))}
            </ul>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild active={isCurrent(current, '/resources')}>
            <Link to="/resources" className={topLink}>
              Editorial
            </Link>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
      </NavigationMenu.List>
    </NavigationMenu.Root>
  )
}
