import { check, type Db } from '~/lib/supabase'
import { attempt, type Intent } from './admin-action'

export type PersonalDataRead = 'messages_export' | 'subscribers_export' | 'cv_download'

/**
 * Records a read of personal data before it happens: the CSV exports here; a CV's download by the web
 * server, which logs it under the caller's token before it signs the link (cv-link.server.ts).
 */
export async function logPersonalDataRead(db: Db, kind: PersonalDataRead, applicationId?: string): Promise<void> {
  check(await db.rpc('log_personal_data_read', { kind, application_id: applicationId }), 'Failed to record the download')
}

/** A screen's `export` intent: the CSV export recorded; the screen hands over the file only if it was. */
export function exportIntent(kind: PersonalDataRead): Intent {
  return (db) => attempt(() => logPersonalDataRead(db, kind), 'Failed to export')
}
