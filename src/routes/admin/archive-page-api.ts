// GET /admin/api/archive/page?at=&path=: the archive screen's page as visitors saw it at a moment,
// rendered here by the site's own routes from the publication record, with the caller's own token
// (the database lets only reviewers and admins read it); its images are signed links to their
// archived copies, made with the secret key once the database has answered the caller.
import { linkForBrowser } from '~/features/admin/applications/api/cv-link.server'
import { archiveView, type FileSigner } from '~/features/admin/archive/api/archive-page.server'
import { archiveCaller, archiveNoStore, archiveRefusal } from '~/features/admin/archive/api/archive-caller.server'
import { archivedMoment, archivedPath } from '~/features/admin/archive/api/archive-input'
import { bearerToken } from '~/features/admin/staff/api/staff-caller.server'
import { PUBLIC_PAGES } from '~/features/feeds/public-pages'
import { archiveMessages as text } from '~/entities/publication-record'
import { browserSupabaseConfig, serverEnv } from '~/lib/env.server'
import { siteUrl } from '~/lib/site-url.server'
import { RefusedError, type Db } from '~/lib/supabase'
import type { Route } from './+types/archive-page-api'

/** How long an archived image's link works: the screen asks again for each page it shows. */
const FILE_LINK_SECONDS = 600

function signer(files: Db | null, siteOrigin: string): FileSigner {
  return async (paths) => {
    if (!files || paths.length === 0) return new Map()
    const { data, error } = await files.storage.from('publication-archive').createSignedUrls(paths, FILE_LINK_SECONDS)
    if (error || !data) return new Map()
    const env = serverEnv()
    return new Map(
      data.flatMap((link) =>
        link.error || !link.path || !link.signedUrl
          ? []
          : [[link.path, linkForBrowser(link.signedUrl, env.SUPABASE_URL, browserSupabaseConfig().url, siteOrigin)]],
      ),
    )
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const caller = await archiveCaller(bearerToken(request))
  if (caller instanceof Response) return caller
  const query = new URL(request.url).searchParams
  const asOf = archivedMoment(query.get('at'))
  if (!asOf) return archiveRefusal(text.badMoment, 400)
  const path = archivedPath(query.get('path'))
  if (!path) return archiveRefusal(text.badPath, 400)
  try {
    const view = await archiveView(caller.db, signer(caller.files, siteUrl({ request, context })), {
      path,
      asOf,
      accessToken: caller.token,
      base: context,
      fixedPages: PUBLIC_PAGES.map((page) => page.path),
    })
    return Response.json({ ok: true, view }, { headers: archiveNoStore })
  } catch (error) {
    if (error instanceof RefusedError) return archiveRefusal(error.reason, 403)
    console.error(text.renderFailed, error)
    return archiveRefusal(text.renderFailed, 500)
  }
}
