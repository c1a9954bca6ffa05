import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

const REDUCED = '(prefers-reduced-motion: reduce)'

/**
 * Page transitions keyed by the path: each new path fades and rises in over 0.5 s (Web Animations
 * API, no library). The server-rendered first page is shown as is, so no content waits for
 * JavaScript, and nothing moves when the visitor prefers reduced motion.
 */
export function PageTransition({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation()
  const element = useRef<HTMLDivElement>(null)
  const shownPath = useRef(pathname)

  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    const node = element.current
    if (!node || typeof node.animate !== 'function' || window.matchMedia?.(REDUCED).matches) return
    node.animate(
      [
        { opacity: 0, transform: 'translateY(8px)' },
        { opacity: 1, transform: 'none' },
      ],
      { duration: 500, easing: 'ease-out' },
    )
  }, [pathname])

  return (
    <div ref={element} data-testid="page-transition">
      {children}
    </div>
  )
}
