// Stored copy is free-form JSON edited in the admin: read each field defensively, falling back to
// the built-in default when it is missing, blank or of the wrong type.
export function text(content: Record<string, unknown> | undefined, key: string, fallback: string): string {
  const value = content?.[key]
  return typeof value === 'string' && value.trim() !== '' ? value : fallback
}

export function list(content: Record<string, unknown> | undefined, key: string): Record<string, unknown>[] {
  const value = content?.[key]
  return Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => !!item && typeof item === 'object') : []
}
