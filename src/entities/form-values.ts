// A form's starting values come from the entity's schema, so a field added to the schema is in the
// form without a second list. Each field opens with the row's value as the form holds it: text as
// text ('' when the row has none; a number written out), a choice when it is still one of the
// options, a checkbox as true or false, a list as the row has it. A new item, or an empty column,
// takes the field's default from the schema, else '', the first option, false or [].
import { z } from '~/lib/schemas'

/** An entity's schema: an object of fields, possibly with a transform of the whole row after it. */
export type EntitySchema = z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>

/** The schema a field's form value is checked against, past transforms, defaults and wrappers, and its default. */
function formFieldOf(field: z.ZodType): { base: z.ZodType; fallback: unknown } {
  let fallback: unknown
  let current = field
  for (;;) {
    if (current instanceof z.ZodPipe) current = current.in as z.ZodType
    else if (current instanceof z.ZodDefault || current instanceof z.ZodPrefault) {
      fallback ??= current.def.defaultValue
      current = current.def.innerType as z.ZodType
    } else if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap() as z.ZodType
    else return { base: current, fallback }
  }
}

function formValueOf(field: z.ZodType, value: unknown): unknown {
  const { base, fallback } = formFieldOf(field)
  if (base instanceof z.ZodEnum) {
    const options = base.options.map(String)
    const chosen = value === null || value === undefined ? undefined : String(value)
    return options.find((option) => option === chosen) ?? fallback ?? options[0] ?? ''
  }
  if (base instanceof z.ZodBoolean) return typeof value === 'boolean' ? value : (fallback ?? false)
  if (base instanceof z.ZodArray) return Array.isArray(value) ? value : (fallback ?? [])
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  return fallback ?? ''
}

/** The values an edit form opens with for `row` (null: a new item). */
export function formValuesOf<Schema extends EntitySchema>(schema: Schema, row: object | null): z.input<Schema> {
  const entity: EntitySchema = schema
  const shape = (entity instanceof z.ZodPipe ? entity.in : entity).shape as Record<string, z.ZodType>
  const columns = (row ?? {}) as Record<string, unknown>
  const values: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(shape)) values[name] = formValueOf(field, columns[name])
  return values as z.input<Schema>
}
