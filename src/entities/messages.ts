// The words staff read after a change to a list: one set per entity, built from
// its name, so "Client created successfully" and "Failed to create client" are written once.

export interface EntityMessages {
  fetchFailed: string
  created: string
  createFailed: string
  updated: string
  updateFailed: string
  deleted: string
  deleteFailed: string
  confirmDelete: string
  empty: string
}

/** `noun` is the singular as a sentence uses it ("team member"); `plural` names the list. */
export function entityMessages(noun: string, plural: string, overrides: Partial<EntityMessages> = {}): EntityMessages {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1)
  return {
    fetchFailed: `Failed to fetch ${plural}`,
    created: `${Noun} created successfully`,
    createFailed: `Failed to create ${noun}`,
    updated: `${Noun} updated successfully`,
    updateFailed: `Failed to update ${noun}`,
    deleted: `${Noun} deleted successfully`,
    deleteFailed: `Failed to delete ${noun}`,
    confirmDelete: `Are you sure you want to delete this ${noun}?`,
    empty: `No ${plural} found`,
    ...overrides,
  }
}
