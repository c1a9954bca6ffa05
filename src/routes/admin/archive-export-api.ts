// GET /admin/api/archive/export?from=&to=: the publication record of a period as one ZIP for an
// examiner (pages as visitors saw them, manifest.json, SHA256SUMS, a README of how to check it),
// built with the caller's own token (reviewers and admins: content.approve); the database logs
// the export. The archived images are read with the secret key.
import { buildExport } from '~/features/admin/archive/api/archive-export.server'
import { archivedPeriod } from '~/features/admin/archive/api/archive-input'
import { ServiceRefusal, serviceAction } from '~/features/admin/lib/service-action.server'
import { PUBLIC_PAGES } from '~/features/feeds/public-pages'
import { archiveMessages as text } from '~/entities/publication-record'
import { siteUrl } from '~/lib/site-url.server'

export const loader = serviceAction({
  permission: 'content.approve',
  messages: { unavailable: 'The archive is not set up on this server', refused: text.refused, failed: text.exportFailed },
  run: async ({ callerDb, accessToken, service, request, context }) => {
    const query = new URL(request.url).searchParams
    const period = archivedPeriod(query.get('from'), query.get('to'))
    if (!period) throw new ServiceRefusal(text.badRange)
    const { zip, fileName } = await buildExport(callerDb, service, {
      ...period,
      accessToken,
      base: context,
      fixedPages: PUBLIC_PAGES.map((page) => page.path),
      siteOrigin: siteUrl({ request, context }),
    })
    return new Response(new Blob([zip as Uint8Array<ArrayBuffer>]), {
      headers: { 'Cache-Control': 'private, no-store', 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${fileName}"` },
    })
  },
})
