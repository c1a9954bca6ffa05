// The Supabase client a loader or action uses for one request: anonymous, and carrying the
// visitor's address as X-Forwarded-For so the database's per-client limits key on the real visitor,
// and the request's id as X-Request-Id so the backend's log lines can be matched with the server's.
// Its reads are noted for the web server: what a shared render read, and whether it all answered.
// In a release's preview its answers carry the release's items (release-preview.server.ts); in a
// render of the site as of a moment they come from the publication record (archive-source.server.ts).
import type { RouterContextProvider } from 'react-router'
import { archiveFetch, archiveSourceContext } from './archive-source.server'
import { serverEnv } from './env.server'
import { recordingFetch } from './recording-fetch.server'
import { renderRecordContext } from './render-record'
import type { Db } from './supabase'
import { previewFetch, releasePreviewContext } from './release-preview.server'
import { createServerClient, requestIdHeaders } from './supabase.server'
import { visitorContext } from './visitor-context'

export function requestDb(context: Readonly<RouterContextProvider>, headers?: Record<string, string>): Db {
  const { SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY } = serverEnv()
  const { ip, requestId } = context.get(visitorContext)
  const preview = context.get(releasePreviewContext)
  const archive = context.get(archiveSourceContext)
  const requestHeaders = {
    ...requestIdHeaders(requestId),
    ...headers,
    ...(archive ? { Authorization: `Bearer ${archive.accessToken}` } : {}),
  }
  return createServerClient(
    { url: SUPABASE_URL, anonKey: SUPABASE_PUBLISHABLE_KEY },
    {
      forwardedFor: ip,
      headers: requestHeaders,
      fetch: recordingFetch(context.get(renderRecordContext), archive ? archiveFetch(archive) : preview ? previewFetch(preview) : fetch),
    },
  )
}
