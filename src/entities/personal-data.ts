// What the back office holds about one person, found by e-mail address (public.personal_data()).

export interface PersonalDataMessage {
  id: string
  first_name: string
  last_name: string
  email: string
  interested_in: string | null
  message: string
  status: string
  created_at: string
  consent_at: string | null
  privacy_notice_version: string | null
}

export interface PersonalDataApplication {
  id: string
  name: string
  email: string
  phone: string | null
  cover_note: string | null
  cv_path: string
  status: string
  job_title: string | null
  keep_for_future_roles: boolean
  created_at: string
  consent_at: string | null
  privacy_notice_version: string | null
}

export interface PersonalDataSubscription {
  email: string
  status: string
  signed_up_at: string
  confirmed_at: string | null
  consent_at: string | null
  privacy_notice_version: string | null
  unsubscribed_at: string | null
}

export interface PersonalDataActivity {
  occurred_at: string
  action: string
  table: string
  title: string | null
  by: string | null
}

export interface PersonalData {
  email: string
  contact_messages: PersonalDataMessage[]
  job_applications: PersonalDataApplication[]
  newsletter_subscription: PersonalDataSubscription | null
  activity: PersonalDataActivity[]
}

export const privacyMessages = {
  lookupFailed: 'Failed to look up personal data',
  exportFailed: 'Failed to export personal data',
  eraseFailed: 'Failed to erase personal data',
  erased: 'Personal data erased',
  eraseRefused: 'Only staff who handle personal-data requests can do this',
  invalidAddress: 'Please enter a valid e-mail address',
  confirmMismatch: 'Type the e-mail address exactly to confirm the erasure',
}

/** True when nothing at all is held about the address. */
export function holdsNothing(data: PersonalData): boolean {
  return !data.contact_messages.length && !data.job_applications.length && !data.newsletter_subscription && !data.activity.length
}
