import { ArrowRight, CheckCircle2 } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClasses } from '~/components/ui/button-link'
import { Container } from '~/components/ui/container'

const CAPABILITIES = [
  'Real-time ledgers and core banking',
  'Instant payments, cards, USSD and mobile channels',
  'Lending, credit scoring and collections',
  'BVN and NIN identity checks and KYC automation',
  'Regulatory reporting and audit trails',
  'Open banking APIs for partners and fintechs',
]

/** The fintech specialisation block. */
export function FintechSpecialisation() {
  return (
    <section className="bg-slate-950 py-16 text-white sm:py-24" aria-labelledby="fintech-heading">
      <Container className="grid gap-12 lg:grid-cols-12 lg:items-center">
        <div className="lg:col-span-6">
          <p className="text-sm font-semibold tracking-wide text-brand-secondary uppercase">Fintech specialists</p>
          <h2 id="fintech-heading" className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            Deep financial-technology expertise, from ledger to last mile
          </h2>
          <p className="mt-4 text-lg text-slate-300">
            Money software has no room for approximations. Our teams have built ledgers, switches and lending platforms for institutions in six countries, and
            we bring that experience to every project.
          </p>
          <Link to="/solutions/banking" className={buttonClasses('secondary', 'lg', 'mt-8')}>
            Explore Core Banking <ArrowRight aria-hidden="true" className="size-4" strokeWidth={1.75} />
          </Link>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2 lg:col-span-6">
          {CAPABILITIES.map((capability) => (
            <li key={capability} className="flex items-start gap-3 rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-secondary" strokeWidth={1.75} />
              <span className="text-sm text-slate-200">{capability}</span>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}
