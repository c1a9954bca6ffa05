import { zodResolver } from '@hookform/resolvers/zod'
import { Field } from '../../components/field'
import { FormDialog } from '../../components/form-dialog'
import { input } from '../../components/styles'
import { useDraftForm } from '../../lib/use-draft'
import type { TeamMember } from '../api/team'
import { teamMemberSchema, type TeamMemberValues } from '../schemas'

function initialValues(item: TeamMember | null): TeamMemberValues {
  return {
    name: item?.name ?? '',
    position: item?.position ?? '',
    bio: item?.bio ?? '',
    avatar: item?.avatar ?? '',
    linkedin_url: item?.linkedin_url ?? '',
    twitter_url: item?.twitter_url ?? '',
  }
}

export interface TeamMemberFormProps {
  open: boolean
  item: TeamMember | null
  onOpenChange: (open: boolean) => void
  onSave: (values: TeamMemberValues) => Promise<boolean>
}

export function TeamMemberForm({ open, item, onOpenChange, onSave }: TeamMemberFormProps) {
  const { form, dialog } = useDraftForm({ draftKey: `team:${item?.id ?? 'new'}`, resolver: zodResolver(teamMemberSchema), initial: initialValues(item), open, onOpenChange, onSave })
  const { errors } = form.formState

  return (
    <FormDialog
      {...dialog}
      title={item ? 'Edit Team Member' : 'Add New Team Member'}
      submitLabel={item ? 'Update Team Member' : 'Create Team Member'}
      busyLabel="Saving..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          <input className={input} {...form.register('name')} />
        </Field>
        <Field label="Position" error={errors.position?.message}>
          <input className={input} {...form.register('position')} />
        </Field>
      </div>
      <Field label="Bio" error={errors.bio?.message}>
        <textarea rows={4} className={input} {...form.register('bio')} />
      </Field>
      <Field label="Avatar URL" error={errors.avatar?.message}>
        <input className={input} placeholder="https://…" {...form.register('avatar')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="LinkedIn URL" error={errors.linkedin_url?.message}>
          <input className={input} placeholder="https://www.linkedin.com/in/…" {...form.register('linkedin_url')} />
        </Field>
        <Field label="Twitter URL" error={errors.twitter_url?.message}>
          <input className={input} placeholder="https://x.com/…" {...form.register('twitter_url')} />
        </Field>
      </div>
    </FormDialog>
  )
}
