// The Team Members screen: cards in the team's order, each movable one place up or down.
import { ArrowDown, ArrowUp } from 'lucide-react'
import { teamMemberMessages, teamMemberSchema, type TeamMember, type TeamMemberInput, type TeamMemberValues } from '~/entities/team-member'
import { formValuesOf } from '~/entities/form-values'
import { dialogLabels } from '../components/resource-form'
import type { ResourceDescription } from '../components/resource-screen'
import { PersonCard } from '../components/item-parts'
import { iconButton } from '../components/styles'

export const teamResource: ResourceDescription<TeamMember, TeamMemberInput, TeamMemberValues> = {
  title: 'Team Members',
  subtitle: 'Manage your team and leadership',
  addLabel: 'Add Team Member',
  messages: teamMemberMessages,
  label: (m) => m.name,
  search: { placeholder: 'Search team members...', text: (m) => [m.name, m.position, m.bio] },
  listClass: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3',
  Item: ({ row: member, controls }) => {
    // Neighbours come from the whole team, not the filtered list, so a move is always one place.
    const place = controls.all.findIndex((m) => m.id === member.id)
    const move = (step: -1 | 1) => {
      const neighbour = controls.all[place + step]
      if (neighbour) controls.run({ intent: 'move', id: member.id, with: neighbour.id })
    }
    return (
      <PersonCard
        avatar={member.avatar}
        name={member.name}
        subtitle={member.position}
        avatarSize="size-12"
        text={member.bio}
        controls={controls}
        aside={
          <span className="flex gap-1">
            <button type="button" className={iconButton} aria-label={`Move ${member.name} up`} disabled={place <= 0 || controls.busy} onClick={() => move(-1)}>
              <ArrowUp aria-hidden className="size-4" />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={`Move ${member.name} down`}
              disabled={place === controls.all.length - 1 || controls.busy}
              onClick={() => move(1)}
            >
              <ArrowDown aria-hidden className="size-4" />
            </button>
          </span>
        }
      />
    )
  },
  form: {
    schema: teamMemberSchema,
    draftKey: 'team',
    initial: (item) => formValuesOf(teamMemberSchema, item),
    ...dialogLabels('Team Member', 'Add New Team Member'),
    parts: [
      [
        { name: 'name', label: 'Name' },
        { name: 'position', label: 'Position' },
      ],
      { name: 'bio', label: 'Bio', kind: 'textarea', rows: 4 },
      { name: 'avatar', label: 'Avatar URL', placeholder: 'https://…' },
      [
        { name: 'linkedin_url', label: 'LinkedIn URL', placeholder: 'https://www.linkedin.com/in/…' },
        { name: 'twitter_url', label: 'Twitter URL', placeholder: 'https://x.com/…' },
      ],
    ],
  },
  review: { kind: 'team_member', live: (row) => row.published },
}
