// The media files the publication record names are kept as long as the record is: each is copied,
// through the Storage API with the secret key, into the private bucket publication-archive (under
// <content hash>/<name>, so a later file at the same name is another copy), where visitors cannot
// reach it and the media library cannot remove it; a copy no kept record names any more (its records
// passed their retention) is removed. Runs at start and every minute; until a file is copied the
// database refuses staff's removal or replacement of it in the media library.
import type { Db } from '../src/lib/supabase.ts'
import { createServiceClient } from '../src/lib/supabase.server.ts'

export const PUBLICATION_FILES_INTERVAL_MS = 60 * 1000
const ARCHIVE_BUCKET = 'publication-archive'

export interface PublicationFilesRun {
  archived: number
  removed: number
}

/** Copies the recorded files not yet archived, then removes the copies no record names. */
export async function keepPublicationFiles(db: Db): Promise<PublicationFilesRun> {
  const { data: waiting, error } = await db.rpc('publication_files_to_archive')
  if (error) throw new Error(`listing files to archive failed: ${error.message}`)
  let archived = 0
  for (const file of waiting) {
    const copied = await db.storage.from('media').copy(file.source_name, file.archived_path, { destinationBucket: ARCHIVE_BUCKET })
    // A copy made by an earlier run that failed to say so is already there.
    if (copied.error && !/exists|duplicate/i.test(copied.error.message)) {
      console.error(`Archiving ${file.object_name} for the publication record failed: ${copied.error.message}`)
      continue
    }
    const noted = await db.rpc('publication_file_archived', { object_name: file.object_name, content_hash: file.content_hash })
    if (noted.error) console.error(`Noting the archived copy of ${file.object_name} failed: ${noted.error.message}`)
    else archived++
  }
  const { data: unused, error: listError } = await db.rpc('publication_files_to_remove')
  if (listError) throw new Error(`listing archived files to remove failed: ${listError.message}`)
  let removed = 0
  if (unused.length > 0) {
    const { data: gone, error: removeError } = await db.storage.from(ARCHIVE_BUCKET).remove(unused.map((file) => file.archived_path))
    if (removeError) throw new Error(`removing archived files failed: ${removeError.message}`)
    removed = gone.length
  }
  return { archived, removed }
}

/** Keeps the files now and every minute; the timer does not keep the process alive. */
export function schedulePublicationFiles(supabaseUrl: string, secretKey: string): void {
  const db = createServiceClient(supabaseUrl, secretKey, 'publication-files')
  const run = () => {
    keepPublicationFiles(db).then(
      ({ archived, removed }) => {
        if (archived > 0 || removed > 0) console.log(`Publication record: archived ${archived} files, removed ${removed} no record names`)
      },
      (error: unknown) => console.error(`Publication record files: ${(error as Error).message}`),
    )
  }
  run()
  setInterval(run, PUBLICATION_FILES_INTERVAL_MS).unref()
}
