import { Check, Link2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { SocialIcon, type SocialNetwork } from '~/components/ui/social-icon'

export const COPIED_MS = 2000

const SHARE: { network: SocialNetwork; label: string; href: (url: string, title: string) => string }[] = [
  { network: 'facebook', label: 'Facebook', href: (url) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
  {
    network: 'twitter',
    label: 'Twitter',
    href: (url, title) => `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  },
  { network: 'linkedin', label: 'LinkedIn', href: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}` },
]

/**
 * Share a post: each network opens in a 600x400 window (a plain new tab without JavaScript), and
 * 'Copy Link' copies the address, showing 'Copied!' for 2 s. A clipboard failure is only logged.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
    } catch (error) {
      console.warn('Copying the link failed', error)
    }
  }

  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">Share this article</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {SHARE.map(({ network, label, href }) => {
          const target = href(url, title)
          return (
            <li key={network}>
              <a
                href={target}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Share on ${label}`}
                onClick={(event) => {
                  const opened = window.open(target, `share-${network}`, 'width=600,height=400')
                  // A blocked popup returns null: the link's own new tab is the fallback.
                  if (opened) {
                    opened.opener = null
                    event.preventDefault()
                  }
                }}
                className="inline-flex size-10 items-center justify-center rounded-full border border-slate-200 text-slate-600 transition hover:border-slate-300 hover:bg-slate-50 hover:text-slate-900"
              >
                <SocialIcon network={network} className="size-4" />
              </a>
            </li>
          )
        })}
        <li>
          <button
            type="button"
            onClick={copy}
            className="inline-flex h-10 items-center gap-2 rounded-full border border-slate-200 px-4 text-sm font-medium text-slate-700 transition hover:border-slate-300 hover:bg-slate-50"
          >
            {copied ? (
              <Check aria-hidden="true" className="size-4 text-emerald-600" strokeWidth={1.75} />
            ) : (
              <Link2 aria-hidden="true" className="size-4" strokeWidth={1.75} />
            )}
            <span aria-live="polite">{copied ? 'Copied!' : 'Copy Link'}</span>
          </button>
        </li>
      </ul>
    </div>
  )
}
