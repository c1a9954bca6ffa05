import { m, useReducedMotion } from 'motion/react'
import { useLocation } from 'react-router'
import { useHydrated } from '~/lib/use-hydrated'

/**
 * Page transitions keyed by the path (0.5 s). The server-rendered first page is shown as it is
 * (no fade-in that would hide content until JavaScript runs); later navigations fade in. With
 * reduced motion the new page simply appears.
 */
export function PageTransition({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation()
  const hydrated = useHydrated()
  const reduce = useReducedMotion()
  const animate = hydrated && !reduce
  return (
    <m.div
      key={pathname}
      data-testid="page-transition"
      initial={animate ? { opacity: 0, y: 8 } : false}
      animate={{ opacity: 1, y: 0 }}
      transition={{ duration: animate ? 0.5 : 0, ease: 'easeOut' }}
    >
      {children}
    </m.div>
  )
}
