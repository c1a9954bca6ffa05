// A form's starting values come from the entity's schema, so a field added to the schema is in the
// form without a second list: each text field takes the row's value ('' when the row has none, or
// for a new item), and a choice takes the row's value when it is one of the options, else the first.
import { z } from '~/lib/schemas'

type TextShape = Record<string, z.ZodType<string, string>>

/** The values an edit form opens with for `row` (null: a new item). */
export function formValuesOf<Shape extends TextShape>(
  schema: z.ZodObject<Shape>,
  row: { [K in keyof Shape]?: string | null } | null,
): z.input<z.ZodObject<Shape>> {
  const values: Record<string, string> = {}
  for (const [name, field] of Object.entries(schema.shape)) {
    const value = row?.[name] ?? ''
    const options = field instanceof z.ZodEnum ? field.options.map(String) : null
    values[name] = options ? (options.find((option) => option === value) ?? options[0] ?? '') : value
  }
  return values as z.input<z.ZodObject<Shape>>
}
