import { MessageCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import { buttonClasses } from '~/components/ui/button-link'
import { Link } from 'react-router'
import { BrandLogo } from './brand-logo'
import { DesktopNav } from './desktop-nav'
import { MobileMenu } from './mobile-menu'

export const SCROLL_THRESHOLD = 10

interface SiteHeaderProps {
  logoText: string
  chatUrl: string | null
}

/** The fixed header: opaque and blurred once the page is scrolled past 10 px; 0.8 s entrance (CSS). */
export function SiteHeader({ logoText, chatUrl }: SiteHeaderProps) {
  const [scrolled, setScrolled] = useState(false)
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLL_THRESHOLD)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 animate-header-in transition-[background-color,box-shadow,backdrop-filter] duration-300 ${
        scrolled ? 'bg-white/85 shadow-sm shadow-slate-900/5 backdrop-blur-md' : 'bg-white/60 backdrop-blur-[2px]'
      }`}
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-semibold text-slate-900 focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-5 sm:px-8">
        <BrandLogo name={logoText} />
        <DesktopNav />
        <div className="flex items-center gap-2">
          {chatUrl && (
            <div className="hidden lg:block">
              <a href={chatUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('ghost', 'sm')}>
                <MessageCircle aria-hidden="true" className="size-4" strokeWidth={1.75} />
                Chat with us
              </a>
            </div>
          )}
          <div className="hidden md:block">
            <Link to="/contact" className={buttonClasses('primary', 'sm')}>
              Get Started
            </Link>
          </div>
          <MobileMenu />
        </div>
      </div>
    </header>
  )
}
