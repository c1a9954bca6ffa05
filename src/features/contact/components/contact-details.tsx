import { CalendarClock, Clock, Mail, MapPin, Phone } from 'lucide-react'

export interface ContactDetailsProps {
  email: string
  phones: string[]
  address: string
  hours: string
  bookingUrl: string | null
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/** The contact details beside the form: e-mail, both phones, the Lagos office, hours and booking. */
export function ContactDetails({ email, phones, address, hours, bookingUrl }: ContactDetailsProps) {
  const item = 'flex gap-4'
  const icon = 'inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-primary/8 text-brand-primary'
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 className="text-xl font-semibold text-slate-900">Contact details</h2>
      <ul className="mt-6 grid gap-6">
        <li className={item}>
          <span className={icon}>
            <Mail aria-hidden="true" className="size-5" strokeWidth={1.75} />
          </span>
          <div>
            <p className="text-sm font-medium text-slate-500">Email</p>
            <a href={`mailto:${email}`} className="font-semibold break-all text-slate-900 hover:underline">
              {email}
            </a>
          </div>
        </li>
        <li className={item}>
          <span className={icon}>
            <Phone aria-hidden="true" className="size-5" strokeWidth={1.75} />
          </span>
          <div>
            <p className="text-sm font-medium text-slate-500">Phone</p>
            {phones.map((phone) => (
              <a key={phone} href={telHref(phone)} className="block font-semibold text-slate-900 hover:underline">
                {phone}
              </a>
            ))}
          </div>
        </li>
        <li className={item}>
          <span className={icon}>
            <MapPin aria-hidden="true" className="size-5" strokeWidth={1.75} />
          </span>
          <div>
            <p className="text-sm font-medium text-slate-500">Office</p>
            <address className="font-semibold text-slate-900 not-italic">{address}</address>
          </div>
        </li>
        <li className={item}>
          <span className={icon}>
            <Clock aria-hidden="true" className="size-5" strokeWidth={1.75} />
          </span>
          <div>
            <p className="text-sm font-medium text-slate-500">Office hours</p>
            <p className="font-semibold text-slate-900">{hours}</p>
          </div>
        </li>
        {bookingUrl && (
          <li className={item}>
            <span className={icon}>
              <CalendarClock aria-hidden="true" className="size-5" strokeWidth={1.75} />
            </span>
            <div>
              <p className="text-sm font-medium text-slate-500">Prefer to talk?</p>
              <a href={bookingUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-primary-text underline underline-offset-4">
                Book a call with our team
              </a>
            </div>
          </li>
        )}
      </ul>
    </div>
  )
}
