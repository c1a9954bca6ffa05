// An application sent from /careers: the person, their CV in a private bucket, and its status.
import type { Tables } from '~/lib/database.types'

export const APPLICATION_STATUSES = ['new', 'reviewing', 'rejected', 'hired'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = { new: 'New', reviewing: 'Reviewing', rejected: 'Rejected', hired: 'Hired' }

export type Application = Omit<Tables<'job_applications'>, 'client_key' | 'updated_by'> & { opening_title: string }

export const applicationMessages = {
  fetchFailed: 'Failed to fetch applications',
  openingsFailed: 'Failed to fetch job openings',
  updateFailed: 'Failed to update application',
  marked: (status: ApplicationStatus) => `Application marked as ${APPLICATION_STATUS_LABELS[status].toLowerCase()}`,
  cvFailed: 'Failed to download CV',
  cvRefused: 'Only staff who handle applications can download a CV',
  empty: 'No applications found',
}
