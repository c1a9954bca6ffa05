import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useConfirm } from '~/components/ui/confirm-dialog'
import { useAdminDb } from '../../components/admin-db-context'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { SearchBox } from '../../components/search-box'
import { Spinner } from '../../components/spinner'
import { buttonPrimary, card, iconButton, iconButtonDanger } from '../../components/styles'
import { listChange } from '../../lib/list-change'
import { matches } from '../../lib/text'
import { useAdminList } from '../../lib/use-admin-list'
import { useEditor } from '../../lib/use-editor'
import { createTeamMember, deleteTeamMember, listTeamMembers, swapTeamMembers, updateTeamMember, type TeamMember } from '../api/team'
import type { TeamMemberValues } from '../schemas'
import { TeamMemberForm } from './team-member-form'

export function TeamManager() {
  const db = useAdminDb()
  const list = useAdminList(listTeamMembers, 'Failed to fetch team members')
  const change = listChange(list.reload)
  const editor = useEditor<TeamMember>()
  const { confirm, element: confirmDialog } = useConfirm()
  const [query, setQuery] = useState('')
  const all = list.data ?? []
  const shown = all.filter((m) => matches(query, m.name, m.position, m.bio))

  const save = (values: TeamMemberValues): Promise<boolean> => {
    const editing = editor.item
    return change(
      () => (editing ? updateTeamMember(db, editing.id, values) : createTeamMember(db, values)),
      editing
        ? { failure: 'Failed to update team member', success: 'Team member updated successfully' }
        : { failure: 'Failed to create team member', success: 'Team member created successfully' },
      editor.close,
    )
  }

  // Neighbours are taken from the whole team, not the filtered list, so a move is always one place.
  const move = async (member: TeamMember, step: -1 | 1) => {
    const neighbour = all[all.findIndex((m) => m.id === member.id) + step]
    if (!neighbour) return
    await change(() => swapTeamMembers(db, member.id, neighbour.id), { failure: 'Failed to update order' })
  }

  const remove = async (member: TeamMember) => {
    if (!(await confirm('Are you sure you want to delete this team member?'))) return
    await change(() => deleteTeamMember(db, member.id), { failure: 'Failed to delete team member', success: 'Team member deleted successfully' })
  }

  return (
    <>
      <PageHeader
        title="Team Members"
        subtitle="Manage your team and leadership"
        action={
          <button type="button" className={buttonPrimary} onClick={() => editor.start(null)}>
            <Plus aria-hidden className="size-4" /> Add Team Member
          </button>
        }
      />
      <SearchBox value={query} onChange={setQuery} placeholder="Search team members..." />
      {list.loading && !list.data ? (
        <Spinner />
      ) : shown.length === 0 ? (
        <EmptyState title="No team members found" />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy={list.loading}>
          {shown.map((member) => {
            const place = all.findIndex((m) => m.id === member.id)
            return (
              <li key={member.id} className={`${card} flex flex-col p-4`}>
                <div className="flex items-center gap-3">
                  <img src={member.avatar} alt="" className="size-12 shrink-0 rounded-full bg-slate-100 object-cover" />
                  <div className="min-w-0 flex-1">
                    <h2 className="truncate text-sm font-medium text-slate-900">{member.name}</h2>
                    <p className="truncate text-xs text-slate-600">{member.position}</p>
                  </div>
                </div>
                <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-700">{member.bio}</p>
                <div className="mt-3 flex items-center justify-between">
                  <span className="flex gap-1">
                    <button type="button" className={iconButton} aria-label={`Move ${member.name} up`} disabled={place <= 0 || list.loading} onClick={() => void move(member, -1)}>
                      <ArrowUp aria-hidden className="size-4" />
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Move ${member.name} down`}
                      disabled={place === all.length - 1 || list.loading}
                      onClick={() => void move(member, 1)}
                    >
                      <ArrowDown aria-hidden className="size-4" />
                    </button>
                  </span>
                  <span className="flex gap-1">
                    <button type="button" className={iconButton} aria-label={`Edit ${member.name}`} onClick={() => editor.start(member)}>
                      <Pencil aria-hidden className="size-4" />
                    </button>
                    <button type="button" className={iconButtonDanger} aria-label={`Delete ${member.name}`} onClick={() => void remove(member)}>
                      <Trash2 aria-hidden className="size-4" />
                    </button>
                  </span>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      <TeamMemberForm key={editor.session} open={editor.open} item={editor.item} onOpenChange={(open) => !open && editor.close()} onSave={save} />
      {confirmDialog}
    </>
  )
}
