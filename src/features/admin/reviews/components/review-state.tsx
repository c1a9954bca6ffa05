// What the lists show of sign-off (posts, solutions, testimonials, clients, team, jobs): each item's
// state (not live yet, a change waiting, its latest review, the release holding it), "Request review"
// while publishing needs approval, and "Add to release". The route hands the state down once.
import { ShieldCheck } from 'lucide-react'
import { createContext, useContext, useId, type ReactNode } from 'react'
import { latestByItem, reviewLabel, type ItemKind } from '~/entities/content-review'
import type { ActionBody } from '../../lib/admin-action'
import { useAdminAction } from '../../lib/use-admin-action'
import { NO_SIGN_OFF, type SignOff } from '../api/reviews'
import { badge, buttonSecondary, iconButton, input } from '../../components/styles'
import { useFormatTime } from '../../lib/time-zone'

type SignOffContext = Omit<SignOff, 'reviews'> & { latest: ReturnType<typeof latestByItem<SignOff['reviews'][number]>>; required: boolean }

const Context = createContext<SignOffContext>({ ...NO_SIGN_OFF, latest: {}, required: false })

/** `required`: whether publishing needs approval (the route has it from the site settings the root read). */
export function ReviewStates({ signOff, required, children }: { signOff: SignOff; required: boolean; children: ReactNode }) {
  return <Context.Provider value={{ ...signOff, latest: latestByItem(signOff.reviews), required }}>{children}</Context.Provider>
}

/** An item's latest review, and whether publishing needs one now. */
export function useReview(id: string): { review: SignOff['reviews'][number] | null; required: boolean } {
  const { latest, required } = useContext(Context)
  return { review: latest[id] ?? null, required }
}

/** The item's change waiting for approval, as form fields, for the edit form to open on. */
export function usePendingChange(id: string | undefined): Record<string, unknown> | null {
  // Only while publishing needs approval: otherwise a save goes straight to the item.
  const { changes, required } = useContext(Context)
  return (required && id && changes[id]) || null
}

const STYLE: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-800',
  rejected: 'bg-red-50 text-red-800',
  approved: 'bg-emerald-50 text-emerald-800',
}

export function ReviewBadge({ id }: { id: string }) {
  const review = useContext(Context).latest[id]
  const formatTime = useFormatTime()
  if (!review) return null
  const label = reviewLabel(review, (at) => formatTime(at), review.decided_at)
  return label ? <span className={`${badge} ${STYLE[review.state] ?? ''}`}>{label}</span> : null
}

/** Shown while publishing needs approval; hidden while a request waits. With `label`, a text button (an editor's panel). */
export function RequestReviewButton({
  kind,
  id,
  name,
  run,
  label,
}: {
  kind: ItemKind
  id: string
  name: string
  run: (body: ActionBody) => void
  label?: string
}) {
  const { latest, required } = useContext(Context)
  if (!required || latest[id]?.state === 'pending') return null
  if (label) {
    return (
      <button type="button" className={`${buttonSecondary} justify-self-start`} onClick={() => run({ intent: 'requestReview', kind, id })}>
        <ShieldCheck aria-hidden className="size-4" /> {label}
      </button>
    )
  }
  return (
    <button
      type="button"
      className={iconButton}
      title="Request review"
      aria-label={`Request review of ${name}`}
      onClick={() => run({ intent: 'requestReview', kind, id })}
    >
      <ShieldCheck aria-hidden className="size-4" />
    </button>
  )
}

/** "Add <name> to release…": a choice of the open releases; picking one adds the item to it. */
export function ReleaseSelect({
  name,
  releases,
  onPick,
  disabled = false,
  small = false,
}: {
  name: string
  releases: readonly { id: string; name: string }[]
  onPick: (release: string) => void
  disabled?: boolean
  small?: boolean
}) {
  const selectId = useId()
  return (
    <>
      <label htmlFor={selectId} className="sr-only">
        Add {name} to release
      </label>
      <select
        id={selectId}
        className={`${input} w-auto ${small ? 'py-1 text-xs' : ''}`}
        value=""
        disabled={disabled}
        onChange={(event) => event.target.value && onPick(event.target.value)}
      >
        <option value="">Add to release…</option>
        {releases.map((release) => (
          <option key={release.id} value={release.id}>
            {release.name}
          </option>
        ))}
      </select>
    </>
  )
}

/** A choice of the open releases for an item with something to release (a change waiting, or not live yet). */
export function AddToRelease({ kind, id, name, live, run }: { kind: ItemKind; id: string; name: string; live: boolean; run: (body: ActionBody) => void }) {
  const { releases, releaseOf, changes } = useContext(Context)
  if (releases.length === 0 || releaseOf[id] || (live && !changes[id])) return null
  return <ReleaseSelect name={name} releases={releases} small onPick={(release) => run({ intent: 'addToRelease', release, kind, id })} />
}

/** The item's sign-off badges: not live yet, a change waiting, its latest review, its release. */
export function SignOffBadges({ id, live }: { id: string; live: boolean }) {
  const { changes, releaseOf } = useContext(Context)
  return (
    <>
      {live ? null : <span className={`${badge} bg-amber-50 text-amber-800`}>Unpublished</span>}
      {live && changes[id] ? <span className={`${badge} bg-sky-50 text-sky-900`}>Unpublished changes</span> : null}
      <ReviewBadge id={id} />
      {releaseOf[id] ? <span className={`${badge} bg-violet-50 text-violet-900`}>In release {releaseOf[id]}</span> : null}
    </>
  )
}

/** Everything a list's item shows of sign-off: badges, Request review and Add to release. */
export function SignOffControls(props: { kind: ItemKind; id: string; name: string; live: boolean; run: (body: ActionBody) => void }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      <SignOffBadges id={props.id} live={props.live} />
      <RequestReviewButton {...props} />
      <AddToRelease {...props} />
    </span>
  )
}

/**
 * Request review and Add to release from inside an editor: what is typed is saved first (`flush`, the
 * editor's autosave), so the review and the release take the version on screen.
 */
export function EditorSignOff({ kind, id, name, flush }: { kind: ItemKind; id: string; name: string; flush: () => Promise<void> }) {
  const { latest, required, releases, releaseOf } = useContext(Context)
  const action = useAdminAction()
  const run = async (body: ActionBody) => {
    await flush()
    await action.submit(body)
  }
  const canRequest = required && latest[id]?.state !== 'pending'
  const canAdd = releases.length > 0 && !releaseOf[id]
  if (!canRequest && !canAdd) return null
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {canRequest ? (
        <button type="button" className={buttonSecondary} disabled={action.busy} onClick={() => void run({ intent: 'requestReview', kind, id })}>
          <ShieldCheck aria-hidden className="size-4" /> Request review
        </button>
      ) : null}
      {canAdd ? (
        <ReleaseSelect name={name} releases={releases} disabled={action.busy} onPick={(release) => void run({ intent: 'addToRelease', release, kind, id })} />
      ) : null}
    </div>
  )
}
