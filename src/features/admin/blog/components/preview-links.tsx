// "Preview links" of a post in the editor: Share preview makes a 7-day link to the post as visitors
// will see it (shown once, to copy), and the active links are listed with their expiry and Revoke.
// The list comes with the post page's data (read again after every write); writes go through the
// page's sharePreview / revokePreview intents.
import { Copy, Link2 } from 'lucide-react'
import { useId, useState } from 'react'
import { postStatus, type BlogPost } from '~/entities/blog-post'
import { postPreviewMessages as text, type PostPreview } from '~/entities/post-preview'
import { buttonDanger, buttonSecondary, input } from '../../components/styles'
import { copyToClipboard } from '../../lib/clipboard'
import { useFormatTime } from '../../lib/time-zone'
import { useAdminAction } from '../../lib/use-admin-action'

export function PreviewLinks({ post, links }: { post: BlogPost; links: PostPreview[] }) {
  const action = useAdminAction()
  const formatTime = useFormatTime()
  const linkId = useId()
  const [made, setMade] = useState<string | null>(null)
  const live = postStatus(post) === 'published'

  const share = async () => {
    const result = await action.submit({ intent: 'sharePreview', id: post.id })
    if (result.ok && result.link) setMade(new URL(result.link, window.location.origin).href)
  }
  const revoke = (preview: PostPreview) => action.submit({ intent: 'revokePreview', previewId: preview.id })
  const copy = async (url: string) => {
    await copyToClipboard(url, 'Link copied', 'Failed to copy the link: select it and copy it by hand')
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="text-xs text-slate-600">
            {live
              ? 'This post is live: its public address needs no preview link.'
              : 'Anyone with a link sees the post as saved, for 7 days, until you revoke it.'}
          </p>
        </div>
        {live ? null : (
          <button type="button" className={buttonSecondary} disabled={action.busy} onClick={() => void share()}>
            <Link2 aria-hidden className="size-4" /> Share preview
          </button>
        )}
      </div>

      {made ? (
        <div className="grid gap-1">
          <label htmlFor={`${linkId}-made`} className="text-sm font-medium text-slate-800">
            New preview link
          </label>
          <div className="flex gap-2">
            <input
              id={`${linkId}-made`}
              readOnly
              className={input}
              value={made}
              onFocus={(event) => event.target.select()}
              aria-describedby={`${linkId}-once`}
            />
            <button type="button" className={buttonSecondary} onClick={() => void copy(made)}>
              <Copy aria-hidden className="size-4" /> Copy
            </button>
          </div>
          <p id={`${linkId}-once`} className="text-xs text-slate-600">
            {text.shownOnce}
          </p>
        </div>
      ) : null}

      {links.length === 0 ? (
        <p className="text-sm text-slate-600">{text.none}</p>
      ) : (
        <ul aria-label="Active preview links" className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {links.map((preview) => (
            <li key={preview.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="text-slate-800">
                Made {formatTime(preview.created_at)} · expires <time dateTime={preview.expires_at}>{formatTime(preview.expires_at)}</time>
              </span>
              <button
                type="button"
                className={buttonDanger}
                disabled={action.busy}
                aria-label={`Revoke the preview link made ${formatTime(preview.created_at)}`}
                onClick={() => void revoke(preview)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
