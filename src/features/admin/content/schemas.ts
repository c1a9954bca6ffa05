import { z } from 'zod'

export const CONTENT_EMPTY = 'Content cannot be empty'
export const STAT_ICONS = ['Users', 'Building', 'Globe', 'Award'] as const

/** A block of text fields: every field must hold something. */
export function textBlockSchema(names: string[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, z.string().trim().min(1, CONTENT_EMPTY).max(100000)])))
}

export const statsSchema = z.object({
  title: z.string().trim().min(1, CONTENT_EMPTY).max(500),
  subtitle: z.string().trim().min(1, CONTENT_EMPTY).max(2000),
  stats: z
    .array(
      z.object({
        icon: z.enum(STAT_ICONS),
        number: z.string().trim().min(1, CONTENT_EMPTY).max(40),
        label: z.string().trim().min(1, CONTENT_EMPTY).max(100),
        description: z.string().trim().min(1, CONTENT_EMPTY).max(500),
      }),
    )
    .min(1, CONTENT_EMPTY)
    .max(12),
})

export type StatsValues = z.infer<typeof statsSchema>
