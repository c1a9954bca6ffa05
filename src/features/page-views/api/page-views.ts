import { check, type Db } from '~/lib/supabase'

/** Counts one view of a public page path for today (no visitor data is stored). */
export async function recordPageView(db: Db, path: string): Promise<void> {
  check(await db.rpc('record_page_view', { page_path: path }), 'Failed to record page view')
}
