import { Link } from 'react-router'

/** The company mark and name; links home. The mark uses the brand colours from settings. */
export function BrandLogo({ name, tone = 'light' }: { name: string; tone?: 'light' | 'dark' }) {
  return (
    <Link to="/" className="flex max-w-[10em] items-center gap-2.5 rounded-md" aria-label={`${name}, home`}>
      <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="14" className="fill-brand-primary" />
        <path d="M18 16h8v26h20v8H18z" fill="#fff" />
        <circle cx="46" cy="22" r="6" className="fill-brand-secondary" />
      </svg>
      <span className={`truncate text-lg font-semibold tracking-tight ${tone === 'dark' ? 'text-white' : 'text-slate-900'}`}>{name}</span>
    </Link>
  )
}
