import { SocialIcon } from '~/components/ui/social-icon'
import { useImageTransformations } from '~/lib/image-transformations'
import { fixedImage } from '~/lib/responsive-image'
import type { TeamMember } from '../api/team-members'

function webLink(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null
}

/** The leadership team: avatar, name, position, bio and profile links, in the admin's order. */
export function TeamGrid({ members }: { members: TeamMember[] }) {
  const transform = useImageTransformations()
  if (members.length === 0) return <p className="text-slate-600">Our leadership team will be introduced here soon.</p>
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {members.map((member) => {
        const linkedin = webLink(member.linkedin_url)
        const twitter = webLink(member.twitter_url)
        return (
          <li key={member.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              <img
                {...fixedImage(member.avatar, { width: 64, height: 64 }, transform)}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                decoding="async"
                className="size-16 rounded-full bg-slate-100"
              />
              <div>
                <h3 className="font-semibold text-slate-900">{member.name}</h3>
                <p className="text-sm text-brand-primary-text">{member.position}</p>
              </div>
            </div>
            <p className="mt-4 text-sm leading-6 text-slate-600">{member.bio}</p>
            {(linkedin || twitter) && (
              <div className="mt-auto flex gap-2 pt-5">
                {linkedin && (
                  <a
                    href={linkedin}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${member.name} on LinkedIn`}
                    className="inline-flex size-9 items-center justify-center rounded-full border border-slate-200 text-slate-500 hover:bg-slate-50 hover:text-slate-900"
                  >
                    <SocialIcon network="linkedin" className="size-4" />
                  </a>
                )}
                {twitter && (
                  <a
                    href={twitter}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${member.name} on X (Twitter)`}
                    className="inline-flex size-9 items-center justify-center rounded-full border border-slate-200 text-slate-500 hover:bg-slate-50 hover:text-slate-900"
                  >
                    <SocialIcon network="twitter" className="size-4" />
                  </a>
                )}
              </div>
            )}
          </li>
        )
      })}
    </ul>
  )
}
