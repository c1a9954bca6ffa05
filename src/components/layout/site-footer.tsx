import { Mail, MapPin, Phone } from 'lucide-react'
import { Link } from 'react-router'
import { SocialIcon, type SocialNetwork } from '~/components/ui/social-icon'
import { BrandLogo } from './brand-logo'
import { FOOTER_COMPANY, FOOTER_LEGAL, FOOTER_SOLUTIONS, type NavItem } from './nav-items'

export interface FooterProps {
  companyName: string
  logoText: string
  description: string
  email: string
  phone: string
  address: string
  social: { network: SocialNetwork; label: string; href: string }[]
  /** Where the newsletter sign-up goes (the lead-capture form); nothing is rendered without it. */
  newsletterSlot?: React.ReactNode
  newsletterTitle?: string
  newsletterDescription?: string
}

function LinkGroup({ title, items }: { title: string; items: NavItem[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item.href}>
            <Link to={item.href} className="text-sm text-slate-300 transition hover:text-white">
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function SiteFooter(props: FooterProps) {
  const { companyName, logoText, description, email, phone, address, social, newsletterSlot } = props
  return (
    <footer className="bg-slate-950 text-slate-300">
      {newsletterSlot && (
        <div className="border-b border-white/10">
          <div className="mx-auto grid max-w-7xl gap-6 px-5 py-12 sm:px-8 md:grid-cols-12 md:items-center">
            <div className="md:col-span-6">
              <h2 className="text-xl font-semibold text-white">{props.newsletterTitle}</h2>
              {props.newsletterDescription && <p className="mt-2 text-sm text-slate-400">{props.newsletterDescription}</p>}
            </div>
            <div className="md:col-span-6">{newsletterSlot}</div>
          </div>
        </div>
      )}
      <div className="mx-auto grid max-w-7xl gap-10 px-5 py-14 sm:px-8 md:grid-cols-12">
        <div className="md:col-span-5">
          <BrandLogo name={logoText} tone="dark" />
          <p className="mt-4 max-w-sm text-sm leading-6 text-slate-400">{description}</p>
          <ul className="mt-6 space-y-3 text-sm">
            <li className="flex items-start gap-3">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-secondary" strokeWidth={1.75} />
              <a href={`mailto:${email}`} className="hover:text-white">
                {email}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-secondary" strokeWidth={1.75} />
              <a href={`tel:${phone.replace(/\s+/g, '')}`} className="hover:text-white">
                {phone}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-secondary" strokeWidth={1.75} />
              <span>{address}</span>
            </li>
          </ul>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-7">
          <LinkGroup title="Solutions" items={FOOTER_SOLUTIONS} />
          <LinkGroup title="Company" items={FOOTER_COMPANY} />
          <LinkGroup title="Legal" items={FOOTER_LEGAL} />
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-5 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-8">
          <p className="text-sm text-slate-400">
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {`${companyName}. All rights reserved.`}
          </p>
          {social.length > 0 && (
            <ul className="flex items-center gap-2" aria-label="Social media">
              {social.map((link) => (
                <li key={link.network}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={link.label}
                    className="inline-flex size-10 items-center justify-center rounded-full text-slate-400 transition hover:bg-white/10 hover:text-white"
                  >
                    <SocialIcon network={link.network} className="size-[18px]" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </footer>
  )
}
