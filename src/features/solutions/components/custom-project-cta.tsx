import { Link } from 'react-router'
import { buttonClasses } from '~/components/ui/button-link'
import { Container } from '~/components/ui/container'

/** The custom-project call to action under the solutions list. */
export function CustomProjectCta() {
  return (
    <section className="pb-16 sm:pb-24">
      <Container>
        <div className="grid gap-8 rounded-3xl bg-brand-primary px-6 py-12 text-on-primary sm:px-12 md:grid-cols-12 md:items-center">
          <div className="md:col-span-8">
            <h2 className="text-3xl font-semibold tracking-tight">Need something built for you?</h2>
            <p className="mt-3 text-lg opacity-90">
              Our engineers design and build custom platforms, integrations and data tools around the way your institution works.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row md:col-span-4 md:justify-end">
            <Link to="/contact?interest=custom" className={buttonClasses('light', 'lg')}>
              Discuss Your Project
            </Link>
          </div>
        </div>
      </Container>
    </section>
  )
}
