// One content block (section + key) of plain text fields with its own 'Save Changes'.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { blockSchema, CONTENT_EMPTY, type ContentBlock } from '~/entities/website-content'
import { Field } from '../../components/field'
import { input } from '../../components/styles'
import { notifyError } from '../../lib/notify'
import { useFormFollowsStored } from '../../lib/use-form-follows-stored'
import type { ContentObject } from '../api/website-content'
import { BlockForm, useBlockSave } from './block-form'

export interface TextBlockProps {
  block: ContentBlock
  content: ContentObject | undefined
  id?: string
}

export function TextBlock({ block, content, id }: TextBlockProps) {
  const { fields } = block
  const stored = Object.fromEntries(fields.map((f) => [f.name, typeof content?.[f.name] === 'string' ? (content[f.name] as string) : '']))
  const form = useForm<Record<string, string>>({ resolver: zodResolver(blockSchema(block)), defaultValues: stored })
  useFormFollowsStored(form, stored)
  const { save, busy } = useBlockSave(block, content, id)
  const { errors } = form.formState

  return (
    <BlockForm
      heading={block.heading}
      section={block.section}
      id={id}
      stored={content}
      busy={busy}
      onSubmit={form.handleSubmit(save, () => notifyError(CONTENT_EMPTY))}
    >
      {fields.map((field) => (
        <Field key={field.name} label={field.label} hint={field.hint} error={errors[field.name]?.message}>
          {field.rows ? (
            <textarea rows={field.rows} className={input} {...form.register(field.name)} />
          ) : (
            <input className={input} {...form.register(field.name)} />
          )}
        </Field>
      ))}
    </BlockForm>
  )
}
