export interface Feature {
  title: string
  description: string
}

/** The features column is JSON: keep only well-formed {title, description} entries. */
export function featuresOf(value: unknown): Feature[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) =>
    item && typeof item === 'object' && typeof item.title === 'string' && item.title.trim() !== ''
      ? [{ title: item.title, description: typeof item.description === 'string' ? item.description : '' }]
      : [],
  )
}
