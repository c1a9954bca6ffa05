import type { Client } from '../api/clients'
import { ClientLogo } from './client-logo'

/**
 * The client logo marquee: a CSS animation (it runs without JavaScript), paused on hover and when
 * the visitor prefers reduced motion, where the logos wrap into a static row instead.
 * Renders nothing when there are no clients.
 */
export function ClientMarquee({ clients, title }: { clients: Client[]; title?: string }) {
  if (clients.length === 0) return null
  return (
    <section aria-label={title ?? 'Our clients'} className="border-y border-slate-200 bg-white py-10">
      {title && <p className="mb-6 text-center text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</p>}
      <div className="group relative overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_10%,black_90%,transparent)] motion-reduce:[mask-image:none]">
        <div className="flex w-max animate-marquee gap-14 pr-14 group-hover:[animation-play-state:paused] motion-reduce:w-auto motion-reduce:animate-none motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:px-5">
          <ul className="flex shrink-0 items-center gap-14 motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-10">
            {clients.map((client) => (
              <li key={client.id}>
                <ClientLogo client={client} />
              </li>
            ))}
          </ul>
          {/* The second copy makes the loop seamless; it is hidden from assistive technology. */}
          <ul aria-hidden="true" className="flex shrink-0 items-center gap-14 motion-reduce:hidden">
            {clients.map((client) => (
              <li key={client.id}>
                <ClientLogo client={{ ...client, name: client.logo_url ? '' : client.name }} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
