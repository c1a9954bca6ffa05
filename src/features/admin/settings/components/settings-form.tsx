import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { COLOUR_DEFAULTS, HEX_COLOUR, KNOWN_KEYS, SETTING_SECTIONS, settingsSchema, type SettingField } from '~/entities/site-settings-form'
import { Field } from '../../components/field'
import { buttonPrimary, card, checkbox, input } from '../../components/styles'
import { showFieldErrors, useAdminAction } from '../../lib/use-admin-action'
import { useFormFollowsStored } from '../../lib/use-form-follows-stored'
import { brandContrastWarning } from '../brand-contrast'

/** An id for a section's heading: ids hold no spaces (aria-labelledby reads spaces as a list). */
function sectionId(title: string): string {
  return `settings-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
}

/** An on/off setting stored as 'true' or 'false'. */
function SwitchField({ field, checked, error, onChange }: { field: SettingField; checked: boolean; error?: string; onChange: (on: boolean) => void }) {
  const id = useId()
  const describedBy = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="grid gap-1 sm:col-span-2">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className={checkbox}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {field.label}
        </label>
      </div>
      {field.hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {field.hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function humanize(key: string): string {
  const words = key.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The form's values for the stored settings: every known field, then the keys the screen does not know. */
function formValues(settings: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {}
  for (const section of SETTING_SECTIONS)
    for (const f of section.fields) values[f.key] = settings[f.key] ?? COLOUR_DEFAULTS[f.key] ?? (f.kind === 'switch' ? 'false' : '')
  for (const key of Object.keys(settings)) if (!KNOWN_KEYS.has(key)) values[key] = settings[key]
  return values
}

export function SettingsForm({ settings }: { settings: Record<string, string> }) {
  const action = useAdminAction()
  const extraKeys = Object.keys(settings).filter((key) => !KNOWN_KEYS.has(key))
  const form = useForm<Record<string, string>, unknown, Record<string, string>>({
    resolver: zodResolver(settingsSchema(extraKeys)),
    defaultValues: formValues(settings),
  })
  useFormFollowsStored(form, formValues(settings))
  const { errors } = form.formState
  const values = useWatch({ control: form.control })

  const submit = form.handleSubmit(async (values) => {
    showFieldErrors(await action.submit({ intent: 'save', values }), form.setError)
  })

  const control = (field: SettingField) => {
    const error = errors[field.key]?.message
    if (field.kind === 'switch') {
      return (
        <SwitchField
          key={field.key}
          field={field}
          checked={values[field.key] === 'true'}
          error={error}
          onChange={(on) => form.setValue(field.key, on ? 'true' : 'false', { shouldDirty: true, shouldValidate: true })}
        />
      )
    }
    if (field.kind === 'colour') {
      return (
        <Field key={field.key} label={field.label} error={error} hint="Hex colour, e.g. #2d317b" warning={brandContrastWarning(field.key, values[field.key])}>
          <input className={`${input} font-mono`} {...form.register(field.key)} />
        </Field>
      )
    }
    return (
      <Field
        key={field.key}
        label={field.label}
        error={error}
        hint={
          field.kind === 'time-zone'
            ? 'Dates and times in the back office (scheduling, closing dates) are in this zone'
            : field.kind === 'days'
              ? 'Applied every day and shown on the privacy page; older data is deleted'
              : field.hint
        }
      >
        {field.kind === 'textarea' ? (
          <textarea rows={2} className={input} {...form.register(field.key)} />
        ) : (
          <input
            type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
            inputMode={field.kind === 'days' || field.kind === 'years' ? 'numeric' : undefined}
            placeholder={field.placeholder}
            className={input}
            {...form.register(field.key)}
          />
        )}
      </Field>
    )
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {SETTING_SECTIONS.map((section) => (
        <section key={section.title} className={`${card} p-4`} aria-labelledby={sectionId(section.title)}>
          <h2 id={sectionId(section.title)} className="mb-3 text-sm font-semibold text-slate-900">
            {section.title}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {section.fields.map((field) =>
              field.kind === 'colour' ? (
                <div key={field.key} className="flex items-start gap-2">
                  <input
                    type="color"
                    aria-label={`${field.label} picker`}
                    className="mt-6 h-9 w-12 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
                    value={HEX_COLOUR.test(values[field.key] ?? '') ? (values[field.key] as string).toLowerCase() : COLOUR_DEFAULTS[field.key]}
                    onChange={(event) => form.setValue(field.key, event.target.value, { shouldDirty: true, shouldValidate: true })}
                  />
                  <div className="flex-1">{control(field)}</div>
                </div>
              ) : (
                control(field)
              ),
            )}
          </div>
        </section>
      ))}
      {extraKeys.length ? (
        <section className={`${card} p-4`} aria-labelledby="settings-other">
          <h2 id="settings-other" className="mb-3 text-sm font-semibold text-slate-900">
            Other Settings
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {extraKeys.map((key) => (
              <Field key={key} label={humanize(key)} error={errors[key]?.message}>
                <input className={input} {...form.register(key)} />
              </Field>
            ))}
          </div>
        </section>
      ) : null}
      <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-slate-50/95 px-4 py-3 md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
        <button type="submit" className={buttonPrimary} disabled={action.busy}>
          {action.busy ? 'Saving...' : 'Save All Settings'}
        </button>
      </div>
    </form>
  )
}
