// The home page's stats band: title, subtitle and a list of stats that can be added, removed and
// reordered, saved as one block.
import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { useFieldArray, useForm } from 'react-hook-form'
import { CONTENT_EMPTY, STAT_ICONS, STATS_BLOCK, statsSchema, type StatsContent as StatsValues } from '~/entities/website-content'
import { Field } from '../../components/field'
import { buttonSecondary, iconButton, iconButtonDanger, input } from '../../components/styles'
import { notifyError } from '../../lib/notify'
import { useFormFollowsStored } from '../../lib/use-form-follows-stored'
import type { ContentObject } from '../api/website-content'
import { BlockForm, useBlockSave } from './block-form'

function initialValues(content: ContentObject | undefined): StatsValues {
  const stats = Array.isArray(content?.stats) ? (content.stats as Record<string, unknown>[]) : []
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    title: text(content?.title),
    subtitle: text(content?.subtitle),
    stats: stats.map((s) => ({
      icon: (STAT_ICONS as readonly string[]).includes(text(s.icon)) ? (s.icon as StatsValues['stats'][number]['icon']) : 'Users',
      number: text(s.number),
      label: text(s.label),
      description: text(s.description),
    })),
  }
}

export function StatsBlock({ content, id }: { content: ContentObject | undefined; id?: string }) {
  const form = useForm<StatsValues>({ resolver: zodResolver(statsSchema), defaultValues: initialValues(content) })
  useFormFollowsStored(form, initialValues(content))
  const stats = useFieldArray({ control: form.control, name: 'stats' })
  const { errors } = form.formState
  const { save, busy } = useBlockSave(STATS_BLOCK, content, id)

  return (
    <BlockForm
      heading={STATS_BLOCK.heading}
      section={STATS_BLOCK.section}
      id={id}
      stored={content}
      busy={busy}
      onSubmit={form.handleSubmit(save, () => notifyError(CONTENT_EMPTY))}
    >
      <Field label="Stats Title" error={errors.title?.message}>
        <input className={input} {...form.register('title')} />
      </Field>
      <Field label="Stats Subtitle" error={errors.subtitle?.message}>
        <textarea rows={2} className={input} {...form.register('subtitle')} />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Stats</legend>
        {stats.fields.map((field, index) => {
          const e = errors.stats?.[index]
          return (
            <div key={field.id} className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[7rem_6rem_1fr_2fr_auto]">
              <select aria-label={`Stat ${index + 1} icon`} className={input} {...form.register(`stats.${index}.icon`)}>
                {STAT_ICONS.map((icon) => (
                  <option key={icon}>{icon}</option>
                ))}
              </select>
              <input
                aria-label={`Stat ${index + 1} number`}
                aria-invalid={e?.number ? true : undefined}
                placeholder="500+"
                className={input}
                {...form.register(`stats.${index}.number`)}
              />
              <input
                aria-label={`Stat ${index + 1} label`}
                aria-invalid={e?.label ? true : undefined}
                placeholder="Label"
                className={input}
                {...form.register(`stats.${index}.label`)}
              />
              <input
                aria-label={`Stat ${index + 1} description`}
                aria-invalid={e?.description ? true : undefined}
                placeholder="Description"
                className={input}
                {...form.register(`stats.${index}.description`)}
              />
              <span className="flex gap-0.5">
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Move stat ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => stats.move(index, index - 1)}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Move stat ${index + 1} down`}
                  disabled={index === stats.fields.length - 1}
                  onClick={() => stats.move(index, index + 1)}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </button>
                <button type="button" className={iconButtonDanger} aria-label={`Remove stat ${index + 1}`} onClick={() => stats.remove(index)}>
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </span>
            </div>
          )
        })}
        {errors.stats?.message || errors.stats?.root?.message ? (
          <p className="text-xs text-red-700">{errors.stats?.message ?? errors.stats?.root?.message}</p>
        ) : null}
        <button
          type="button"
          className={`${buttonSecondary} justify-self-start`}
          onClick={() => stats.append({ icon: 'Users', number: '', label: '', description: '' })}
        >
          <Plus aria-hidden className="size-4" /> Add Stat
        </button>
      </fieldset>
    </BlockForm>
  )
}
