// The site settings whose change waits for approval (visitors still read the live value), each with
// Request review and Add to release.
import { card } from '../../components/styles'
import { EditorSignOff, SignOffBadges } from './review-state'

const saved = async () => undefined

export function PendingSettings({ pending }: { pending: { id: string; key: string; live: string; value: string }[] }) {
  if (pending.length === 0) return null
  return (
    <section className={`${card} mb-4 grid gap-3 p-4`} aria-labelledby="pending-settings">
      <h2 id="pending-settings" className="text-sm font-semibold text-slate-900">
        Changes waiting for approval
      </h2>
      <ul className="grid gap-3">
        {pending.map((setting) => (
          <li key={setting.id} className="grid gap-1 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">{setting.key}</span>
              <SignOffBadges id={setting.id} live />
            </div>
            <p className="text-slate-700">
              <del className="text-slate-500">{setting.live}</del> → <ins className="no-underline">{setting.value}</ins>
            </p>
            <EditorSignOff kind="setting" id={setting.id} name={setting.key} flush={saved} />
          </li>
        ))}
      </ul>
    </section>
  )
}
