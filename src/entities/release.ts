// Releases: several pending changes (hero copy, a testimonial, a post, …) reviewed as a whole and
// launched as one, at once or at their scheduled minute, and rolled back as one.
import type { Database } from '~/lib/database.types'

export type Release = Database['public']['Tables']['releases']['Row']
export type ReleaseItem = Database['public']['Functions']['release_overview']['Returns'][number]
export type PendingItem = Database['public']['Functions']['pending_changes']['Returns'][number]

/** The address a release preview's token opens: the site's home page as the release will make it. */
export function releasePreviewPath(token: string): string {
  return `/preview/release/${token}`
}

export const RELEASE_STATES: Record<string, string> = {
  open: 'Open',
  rolling_back: 'Rolling back',
  published: 'Published',
  rolled_back: 'Rolled back',
}

export const releaseMessages = {
  fetchFailed: 'Failed to fetch releases',
  created: 'Release created',
  createFailed: 'Failed to create the release',
  nameNeeded: 'Name the release.',
  scheduled: 'Schedule saved',
  scheduleFailed: 'Failed to save the schedule',
  removed: 'Taken out of the release',
  removeFailed: 'Failed to take it out of the release',
  published: 'Release published: every item is live',
  publishFailed: 'Failed to publish the release',
  previewCreated: 'Preview link created',
  previewFailed: 'Failed to create the preview link',
  rolledBack: 'Release rolled back: every item is as it was before',
  rollBackFailed: 'Failed to roll the release back',
  confirmPublish: 'Publish every item of this release now?',
  confirmRollBack: 'Put every item of this release back as it was before it?',
  empty: 'No releases yet',
}
