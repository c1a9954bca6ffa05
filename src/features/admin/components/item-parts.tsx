// Pieces that several lists' cells share: a person's card (team, testimonials) and the on/off
// button of a row (publish a post, activate an opening).
import { Eye, EyeOff } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ItemControls } from './resource-screen'
import { card, iconButton } from './styles'

/** Sign-off (on lists of a reviewable kind), History, Edit and Delete, side by side. */
export function EditAndRemove<Row>({ controls }: { controls: ItemControls<Row> }) {
  return (
    <span className="flex flex-wrap items-center justify-end gap-1">
      {controls.review}
      {controls.history}
      {controls.edit}
      {controls.remove}
    </span>
  )
}

export interface PersonCardProps<Row> {
  avatar: string
  name: string
  subtitle: string
  avatarSize: string
  text: ReactNode
  /** Left of Edit and Delete at the bottom (e.g. the rating, or the move buttons). */
  aside: ReactNode
  controls: ItemControls<Row>
}

export function PersonCard<Row>({ avatar, name, subtitle, avatarSize, text, aside, controls }: PersonCardProps<Row>) {
  return (
    <li className={`${card} flex flex-col p-4`}>
      <div className="flex items-center gap-3">
        <img src={avatar} alt="" className={`${avatarSize} shrink-0 rounded-full bg-slate-100 object-cover`} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-medium text-slate-900">{name}</h2>
          <p className="truncate text-xs text-slate-600">{subtitle}</p>
        </div>
      </div>
      <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-700">{text}</p>
      <div className="mt-3 flex items-center justify-between">
        {aside}
        <EditAndRemove controls={controls} />
      </div>
    </li>
  )
}

/** Shows a row's state and switches it: 'Publish <title>' / 'Unpublish <title>'. */
export function ToggleButton({ on, labels, name, onClick }: { on: boolean; labels: { on: string; off: string }; name: string; onClick: () => void }) {
  // The label names what a click does: switching off when on.
  const verb = on ? labels.off : labels.on
  return (
    <button type="button" className={iconButton} aria-label={`${verb} ${name}`} title={verb} onClick={onClick}>
      {on ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
    </button>
  )
}
