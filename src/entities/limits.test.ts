import { describe, expect, it } from 'vitest'
import { z } from '~/lib/schemas'
import { fieldErrorsOf } from './limits'

function errorsOf(schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input)
  if (parsed.success) throw new Error('expected the input to be refused')
  return fieldErrorsOf(parsed.error)
}

describe('fieldErrorsOf', () => {
  it('names a flat field by its own name, with its first message', () => {
    const schema = z.object({ email: z.string().min(1, 'Email is required').email('Please enter a valid email address') })
    expect(errorsOf(schema, { email: '' })).toEqual({ email: 'Email is required' })
  })

  it('names a nested field by its whole path, as the form names it', () => {
    const schema = z.object({
      content: z.object({ title: z.string().min(1, 'Title is required') }),
      targetaudience: z.array(z.object({ value: z.string().min(1, 'Audience is required') })),
    })
    expect(errorsOf(schema, { content: { title: '' }, targetaudience: [{ value: 'x' }, { value: '' }] })).toEqual({
      'content.title': 'Title is required',
      'targetaudience.1.value': 'Audience is required',
    })
  })

  it('leaves out a complaint about the whole input, which no field can show', () => {
    const schema = z.object({ password: z.string(), confirm: z.string() }).refine((values) => values.password === values.confirm, 'The passwords do not match')
    expect(errorsOf(schema, { password: 'a', confirm: 'b' })).toEqual({})
  })
})
