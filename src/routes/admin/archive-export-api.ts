// GET /admin/api/archive/export?from=&to=: the publication record of a period as one ZIP for an
// examiner (pages as visitors saw them, manifest.json, SHA256SUMS, a README of how to check it),
// built with the caller's own token: the database lets only reviewers and admins read the record,
// and logs the export. The archived images are read with the secret key.
import { buildExport } from '~/features/admin/archive/api/archive-export.server'
import { archiveCaller, archiveNoStore, archiveRefusal } from '~/features/admin/archive/api/archive-caller.server'
import { archivedPeriod } from '~/features/admin/archive/api/archive-input'
import { bearerToken } from '~/features/admin/staff/api/staff-caller.server'
import { PUBLIC_PAGES } from '~/features/feeds/public-pages'
import { archiveMessages as text } from '~/entities/publication-record'
import { siteUrl } from '~/lib/site-url.server'
import { RefusedError } from '~/lib/supabase'
import type { Route } from './+types/archive-export-api'

export async function loader({ request, context }: Route.LoaderArgs) {
  const caller = await archiveCaller(bearerToken(request))
  if (caller instanceof Response) return caller
  const query = new URL(request.url).searchParams
  const period = archivedPeriod(query.get('from'), query.get('to'))
  if (!period) return archiveRefusal(text.badRange, 400)
  try {
    const { zip, fileName } = await buildExport(caller.db, caller.files, {
      ...period,
      accessToken: caller.token,
      base: context,
      fixedPages: PUBLIC_PAGES.map((page) => page.path),
      siteOrigin: siteUrl({ request, context }),
    })
    return new Response(new Blob([zip as Uint8Array<ArrayBuffer>]), {
      headers: { ...archiveNoStore, 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${fileName}"` },
    })
  } catch (error) {
    if (error instanceof RefusedError) return archiveRefusal(error.reason, 403)
    console.error(text.exportFailed, error)
    return archiveRefusal(text.exportFailed, 500)
  }
}
