import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { Container } from './container'

export interface ArticleHeaderProps {
  /** The list this page belongs to, linked above the eyebrow ("Back to Editorial"). */
  back: { to: string; label: string }
  /** What kind of page it is, above the title: a post's category, a role's department. */
  eyebrow: string
  /** Shown beside the eyebrow, such as a solution's status. */
  badge?: React.ReactNode
  title: string
  /** A sentence under the title. */
  lead?: string
  /** What follows the title: a post's byline, a role's facts, a solution's actions. */
  children?: React.ReactNode
  /** A picture beside the text on wide screens (hidden on phones). */
  aside?: React.ReactNode
}

/** The header of a post, a role and a solution: a link back to its list, eyebrow, the page's h1, and what follows it. */
export function ArticleHeader({ back, eyebrow, badge, title, lead, children, aside }: ArticleHeaderProps) {
  const eyebrowText = <p className="text-sm font-semibold tracking-wide text-brand-primary-text uppercase">{eyebrow}</p>
  const text = (
    <>
      {badge ? (
        <div className="flex flex-wrap items-center gap-3">
          {eyebrowText}
          {badge}
        </div>
      ) : (
        eyebrowText
      )}
      <h1 className="mt-3 max-w-4xl text-3xl leading-tight font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl">{title}</h1>
      {lead && <p className="mt-5 max-w-2xl text-lg text-pretty text-slate-600">{lead}</p>}
      {children}
    </>
  )
  return (
    <header className="border-b border-slate-200 bg-gradient-to-b from-slate-50 to-white">
      <Container className="py-12 sm:py-16">
        <Link to={back.to} className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
          <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={1.75} />
          {back.label}
        </Link>
        {aside ? (
          <div className="mt-8 grid gap-10 md:grid-cols-12 md:items-center">
            <div className="md:col-span-8">{text}</div>
            <div className="hidden md:col-span-4 md:flex md:justify-end">{aside}</div>
          </div>
        ) : (
          <div className="mt-8">{text}</div>
        )}
      </Container>
    </header>
  )
}
