// Releases: several pending changes launched as one (create_release, add_to_release, publish_release,
// roll_back_release, …); the database reviews, schedules and applies them.
import { reviewMessages as m, type ItemKind } from '~/entities/content-review'
import { releaseMessages as r, type Release, type ReleaseItem, type PendingItem } from '~/entities/release'
import { check, unwrap, type Db } from '~/lib/supabase'

/** Every release, the open ones first, newest first. */
export async function listReleases(db: Db): Promise<Release[]> {
  const rows = unwrap(await db.from('releases').select('*').order('created_at', { ascending: false }).limit(200), r.fetchFailed)
  return [...rows.filter((row) => row.state === 'open'), ...rows.filter((row) => row.state !== 'open')]
}

/** The items of a release with what each puts live and what is live now. */
export async function listReleaseItems(db: Db, release: string): Promise<ReleaseItem[]> {
  return unwrap(await db.rpc('release_overview', { release }), r.fetchFailed)
}

/** What could go into a release: changes waiting and items not live yet, of the kinds the person edits. */
export async function listPendingItems(db: Db): Promise<PendingItem[]> {
  return unwrap(await db.rpc('pending_changes'), r.fetchFailed)
}

export async function createRelease(db: Db, name: string, publishAt: string | null): Promise<string> {
  return unwrap(await db.rpc('create_release', { name, ...(publishAt ? { publish_at: publishAt } : {}) }), r.createFailed)
}

export async function scheduleRelease(db: Db, release: string, publishAt: string | null): Promise<void> {
  // null clears the schedule: the function takes it as a value, not as a missing argument.
  check(await db.rpc('schedule_release', { release, publish_at: publishAt as string }), r.scheduleFailed)
}

export async function addToRelease(db: Db, release: string, kind: ItemKind, id: string): Promise<void> {
  check(await db.rpc('add_to_release', { release, kind, id }), m.addFailed)
}

export async function removeFromRelease(db: Db, release: string, kind: ItemKind, id: string): Promise<void> {
  check(await db.rpc('remove_from_release', { release, kind, id }), r.removeFailed)
}

/** A 7-day link to the whole site as the release will make it; returns its token, which only this answer holds. */
export async function createReleasePreview(db: Db, release: string): Promise<string> {
  return unwrap(await db.rpc('create_release_preview', { release }), r.previewFailed)
}

export async function publishRelease(db: Db, release: string): Promise<void> {
  check(await db.rpc('publish_release', { release }), r.publishFailed)
}

export async function rollBackRelease(db: Db, release: string): Promise<void> {
  check(await db.rpc('roll_back_release', { release }), r.rollBackFailed)
}
