// The editor's autosave line: "Saved · a few seconds ago" (kept current), "Saving…", or what is
// still only in this browser; and, when the post has unpublished changes, what that means and how
// to discard them.
import { CloudOff, Check, Loader2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { formatZoned } from '~/lib/zoned-time'
import { buttonSecondary } from '../../components/styles'
import { useTimeZone } from '../../lib/time-zone'
import type { PostAutosave } from './use-post-autosave'

/** "a few seconds ago", "a minute ago", "5 minutes ago", then the time of day in `zone`. */
export function savedAgo(at: number, now: number, zone: string): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000))
  if (seconds < 60) return 'a few seconds ago'
  if (seconds < 120) return 'a minute ago'
  if (seconds < 3600) return `${Math.floor(seconds / 60)} minutes ago`
  return `at ${formatZoned(at, zone, 'time')}`
}

function useTicking(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(id)
  }, [everyMs])
  return now
}

export function AutosaveStatus({ autosave }: { autosave: Pick<PostAutosave, 'status' | 'savedAt'> }) {
  const now = useTicking(15000)
  const zone = useTimeZone()
  const { status, savedAt } = autosave
  const ago = savedAt ? savedAgo(savedAt, Math.max(now, savedAt), zone) : null
  const text =
    status === 'saving'
      ? 'Saving…'
      : status === 'pending'
        ? 'Unsaved changes (kept in this browser)'
        : status === 'failed'
          ? 'Not saved yet: kept in this browser, saved again with your next change'
          : status === 'saved-here' && ago
            ? `Saved in this browser · ${ago}`
            : status === 'saved' && ago
              ? `Saved · ${ago}`
              : null
  const Icon = status === 'saving' ? Loader2 : status === 'failed' ? CloudOff : Check
  return (
    <p role="status" aria-live="polite" className="flex min-h-5 items-center gap-1.5 text-xs text-slate-600" data-testid="autosave-status">
      {text ? (
        <>
          <Icon aria-hidden className={`size-3.5 ${status === 'saving' ? 'animate-spin' : ''}`} />
          {text}
        </>
      ) : null}
    </p>
  )
}

export interface DraftCopyNoticeProps {
  /** The post is live (visitors see it) rather than a draft. */
  live: boolean
  /** A new post, whose copy is only in this browser. */
  isNew: boolean
  onDiscard: () => void
  busy: boolean
}

/** Shown while the post has unpublished changes. */
export function DraftCopyNotice({ live, isNew, onDiscard, busy }: DraftCopyNoticeProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      <p className="flex-1">
        {isNew
          ? 'This is your unsaved new post, restored. It is created when you press Create Post.'
          : live
            ? 'These changes are autosaved as a draft copy. Visitors see the published post until you press Update Post.'
            : 'These changes are autosaved as a draft copy until you press Update Post.'}
      </p>
      <button type="button" className={buttonSecondary} onClick={onDiscard} disabled={busy}>
        {isNew ? 'Discard draft' : 'Discard changes'}
      </button>
    </div>
  )
}
