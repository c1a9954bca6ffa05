// /admin/staff: everyone with access to the back office, their role, two-factor and status, with
// Invite, change role, deactivate or reactivate, remove, and reset two-factor.
import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound, Link2, Trash2, UserCheck, UserPlus, UserX } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useConfirm } from '~/components/ui/confirm-dialog'
import { Dialog } from '~/components/ui/dialog'
import { inviteSchema, staffMessages as text, type InviteValues, type RoleOption, type StaffMember, type StaffStatus } from '~/entities/staff-member'
import { EmptyState } from '../../components/empty-state'
import { Field } from '../../components/field'
import { FormDialog } from '../../components/form-dialog'
import { PageHeader } from '../../components/page-header'
import { badge, buttonPrimary, buttonSecondary, card, iconButton, iconButtonDanger, input } from '../../components/styles'
import { useFormatTime } from '../../lib/time-zone'
import { copyToClipboard } from '../../lib/clipboard'
import { showFieldErrors, useAdminAction } from '../../lib/use-admin-action'
import type { StaffActionResult } from '../api/staff-requests'

const statusStyle: Record<StaffStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800',
  invited: 'bg-amber-50 text-amber-900',
  deactivated: 'bg-slate-100 text-slate-700',
}
const statusLabel: Record<StaffStatus, string> = { active: 'Active', invited: 'Invited', deactivated: 'Deactivated' }

function RoleOptions({ roles }: { roles: RoleOption[] }) {
  return roles.map((role) => (
    <option key={role.name} value={role.name}>
      {role.label}
    </option>
  ))
}

function InviteDialog({ open, onOpenChange, roles }: { open: boolean; onOpenChange: (open: boolean) => void; roles: RoleOption[] }) {
  const action = useAdminAction()
  const form = useForm<InviteValues>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '', role: 'editor' } })
  const { errors } = form.formState

  const submit = form.handleSubmit(async (values) => {
    const result = await action.submit({ intent: 'invite', values })
    showFieldErrors(result, form.setError)
    if (result.ok) {
      form.reset()
      onOpenChange(false)
    }
  })

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite staff"
      onSubmit={submit}
      busy={action.busy}
      submitLabel="Send invitation"
      busyLabel="Sending..."
    >
      <p className="text-sm text-slate-600">They get an e-mail with a link to set their password. The link works once.</p>
      <Field label="Email" error={errors.email?.message}>
        <input type="email" autoComplete="off" className={input} {...form.register('email')} />
      </Field>
      <Field label="Role" error={errors.role?.message}>
        <select className={input} {...form.register('role')}>
          <RoleOptions roles={roles} />
        </select>
      </Field>
    </FormDialog>
  )
}

/** The invitation link, shown once to copy. */
function LinkDialog({ link, onClose }: { link: string | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    if (await copyToClipboard(link ?? '', null, 'Failed to copy the link: select it and copy it by hand')) setCopied(true)
  }
  return (
    <Dialog open={link !== null} onOpenChange={(open) => (open ? undefined : onClose())} title="Invitation link">
      <div className="grid gap-4">
        <p className="text-sm text-slate-600">
          Send this link to the person yourself. It replaces the link in their invitation e-mail, works once, and is not shown again.
        </p>
        <Field label="Link">
          <input readOnly value={link ?? ''} className={input} onFocus={(event) => event.currentTarget.select()} />
        </Field>
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <button type="button" className={buttonSecondary} onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy link'}
          </button>
          <button type="button" className={buttonPrimary} onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </Dialog>
  )
}

function who(member: StaffMember): string {
  return member.name ?? member.email
}

export function StaffScreen({ staff, roles }: { staff: StaffMember[]; roles: RoleOption[] }) {
  const action = useAdminAction()
  const { confirm, element: confirmDialog } = useConfirm()
  const [inviting, setInviting] = useState(false)
  const [link, setLink] = useState<string | null>(null)
  const formatTime = useFormatTime()

  const ask = async (question: string, confirmLabel: string, intent: string, member: StaffMember) => {
    if (await confirm(question, { confirmLabel })) await action.submit({ intent, id: member.id })
  }
  const showLink = async (member: StaffMember) => {
    const result = (await action.submit({ intent: 'link', id: member.id })) as StaffActionResult
    if (result.ok && result.link) setLink(result.link)
  }

  return (
    <>
      <PageHeader
        title="Staff"
        subtitle="Who can use the back office, and with which role"
        action={
          <button type="button" className={buttonPrimary} onClick={() => setInviting(true)}>
            <UserPlus aria-hidden className="size-4" /> Invite
          </button>
        }
      />
      {staff.length === 0 ? (
        <EmptyState title={text.empty} />
      ) : (
        <ul className={`${card} divide-y divide-slate-100`} aria-label="Staff">
          {staff.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0 flex-1 basis-56">
                <p className="truncate text-sm font-medium text-slate-900">{who(member)}</p>
                {member.name ? <p className="truncate text-xs text-slate-600">{member.email}</p> : null}
                <p className="text-xs text-slate-600">Last sign-in: {member.lastSignInAt ? formatTime(member.lastSignInAt, 'date') : 'never'}</p>
              </div>
              <span className={`${badge} ${statusStyle[member.status]}`}>{statusLabel[member.status]}</span>
              <span className={`${badge} ${member.twoFactor ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>
                Two-factor {member.twoFactor ? 'on' : 'off'}
              </span>
              <select
                aria-label={`Role of ${who(member)}`}
                className={`${input} w-32`}
                value={member.role ?? ''}
                disabled={action.busy}
                onChange={(event) => void action.submit({ intent: 'role', id: member.id, role: event.target.value })}
              >
                <RoleOptions roles={roles} />
              </select>
              <span className="flex gap-1">
                {member.status === 'invited' ? (
                  <button type="button" className={iconButton} aria-label={`Invitation link for ${who(member)}`} onClick={() => void showLink(member)}>
                    <Link2 aria-hidden className="size-4" />
                  </button>
                ) : null}
                {member.twoFactor ? (
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Reset two-factor of ${who(member)}`}
                    onClick={() =>
                      void ask(
                        `Remove every authenticator of ${who(member)}? They sign in with their password alone until they set one up again.`,
                        'Reset',
                        'reset-2fa',
                        member,
                      )
                    }
                  >
                    <KeyRound aria-hidden className="size-4" />
                  </button>
                ) : null}
                {member.status === 'deactivated' ? (
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Reactivate ${who(member)}`}
                    onClick={() => void ask(`Let ${who(member)} sign in again?`, 'Reactivate', 'reactivate', member)}
                  >
                    <UserCheck aria-hidden className="size-4" />
                  </button>
                ) : (
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Deactivate ${who(member)}`}
                    onClick={() =>
                      void ask(
                        `Deactivate ${who(member)}? They are signed out everywhere and cannot sign in until reactivated.`,
                        'Deactivate',
                        'deactivate',
                        member,
                      )
                    }
                  >
                    <UserX aria-hidden className="size-4" />
                  </button>
                )}
                <button
                  type="button"
                  className={iconButtonDanger}
                  aria-label={`Remove ${who(member)}`}
                  onClick={() => void ask(`Remove ${who(member)} and their account? This cannot be undone.`, 'Remove', 'remove', member)}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <InviteDialog open={inviting} onOpenChange={setInviting} roles={roles} />
      <LinkDialog link={link} onClose={() => setLink(null)} />
      {confirmDialog}
    </>
  )
}
