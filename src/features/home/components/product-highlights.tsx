import { ArrowRight, CreditCard, GraduationCap, Users } from 'lucide-react'
import { Link } from 'react-router'
import { Container } from '~/components/ui/container'

const PRODUCTS = [
  {
    icon: GraduationCap,
    title: 'Education Management System',
    text: 'Admissions, fees, academics, attendance and parent communication for single schools and multi-campus groups.',
    href: '/solutions/edu',
  },
  {
    icon: Users,
    title: 'Human Resources Management',
    text: 'Records, payroll, pensions, tax schedules and leave in one system your people can use from their phones.',
    href: '/solutions/hr',
  },
  {
    icon: CreditCard,
    title: 'iRepay Debt Collection & Recovery',
    text: 'Structured, respectful collections: the right reminder on the right day, with a clear view of every portfolio.',
    href: '/solutions/irepay',
  },
]

/** Three product cards linking to the edu, hr and irepay solution pages. */
export function ProductHighlights() {
  return (
    <section className="bg-slate-50 py-16 sm:py-24" aria-labelledby="products-heading">
      <Container>
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-primary-text uppercase">Beyond banking</p>
          <h2 id="products-heading" className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            Platforms for schools, people and portfolios
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {PRODUCTS.map(({ icon: Icon, title, text, href }) => (
            <li key={href}>
              <Link
                to={href}
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-secondary/15 text-brand-primary">
                  <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-600">{text}</p>
                <span className="mt-auto inline-flex items-center gap-1.5 pt-6 text-sm font-semibold text-brand-primary-text">
                  Learn More <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-0.5" strokeWidth={1.75} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}
