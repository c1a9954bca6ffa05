import type { ReactNode } from 'react'
import { Container } from '~/components/ui/container'
import { LocalDate } from '~/components/ui/local-date'

/** A legal document: title, its real 'Last Updated' date, the sanitized body and what follows it. */
export function LegalPage({ title, html, updatedAt, children }: { title: string; html: string; updatedAt: string | null; children?: ReactNode }) {
  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-slate-50 to-white">
        <Container className="py-14 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-brand-primary-text uppercase">Legal</p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
          {updatedAt && (
            <p className="mt-4 text-slate-600">
              Last Updated: <LocalDate iso={updatedAt} />
            </p>
          )}
        </Container>
      </section>
      <Container className="py-12 sm:py-16">
        <div className="prose-content mx-auto max-w-3xl" dangerouslySetInnerHTML={{ __html: html }} />
        {children}
      </Container>
    </>
  )
}
