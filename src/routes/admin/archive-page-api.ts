// GET /admin/api/archive/page?at=&path=: the archive screen's page as visitors saw it at a moment,
// rendered here by the site's own routes from the publication record with the caller's own token
// (reviewers and admins: content.approve); its images are links to their archived copies, signed
// with the secret key.
import { linkForBrowser } from '~/features/admin/applications/api/cv-link.server'
import { archiveView, type FileSigner } from '~/features/admin/archive/api/archive-page.server'
import { archivedMoment, archivedPath } from '~/features/admin/archive/api/archive-input'
import { ServiceRefusal, serviceAction } from '~/features/admin/lib/service-action.server'
import { PUBLIC_PAGES } from '~/features/feeds/public-pages'
import { archiveMessages as text } from '~/entities/publication-record'
import { browserSupabaseConfig } from '~/lib/env.server'
import { siteUrl } from '~/lib/site-url.server'
import type { Db } from '~/lib/supabase'

/** How long an archived image's link works: the screen asks again for each page it shows. */
const FILE_LINK_SECONDS = 600

function signer(files: Db, projectUrl: string, siteOrigin: string): FileSigner {
  return async (paths) => {
    if (paths.length === 0) return new Map()
    const { data, error } = await files.storage.from('publication-archive').createSignedUrls(paths, FILE_LINK_SECONDS)
    if (error || !data) return new Map()
    return new Map(
      data.flatMap((link) =>
        link.error || !link.path || !link.signedUrl ? [] : [[link.path, linkForBrowser(link.signedUrl, projectUrl, browserSupabaseConfig().url, siteOrigin)]],
      ),
    )
  }
}

export const loader = serviceAction({
  permission: 'content.approve',
  messages: { unavailable: 'The archive is not set up on this server', refused: text.refused, failed: text.renderFailed },
  run: async ({ callerDb, accessToken, service, projectUrl, request, context }) => {
    const query = new URL(request.url).searchParams
    const asOf = archivedMoment(query.get('at'))
    if (!asOf) throw new ServiceRefusal(text.badMoment)
    const path = archivedPath(query.get('path'))
    if (!path) throw new ServiceRefusal(text.badPath)
    const view = await archiveView(callerDb, signer(service, projectUrl, siteUrl({ request, context })), {
      path,
      asOf,
      accessToken,
      base: context,
      fixedPages: PUBLIC_PAGES.map((page) => page.path),
    })
    return { ok: true, view }
  },
})
