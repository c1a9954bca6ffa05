// The Supabase client a loader or action uses for one request: anonymous, and carrying the
// visitor's address as X-Forwarded-For so the database's per-client limits key on the real visitor,
// and the request's id as X-Request-Id so the backend's log lines can be matched with the server's.
// Its reads are noted for the web server: what a shared render read, and whether it all answered.
import type { RouterContextProvider } from 'react-router'
import { serverEnv } from './env.server'
import { recordingFetch } from './recording-fetch.server'
import { renderRecordContext } from './render-record'
import type { Db } from './supabase'
import { createServerClient } from './supabase.server'
import { visitorContext } from './visitor-context'

export function requestDb(context: Readonly<RouterContextProvider>, headers?: Record<string, string>): Db {
  const { SUPABASE_URL, SUPABASE_ANON_KEY } = serverEnv()
  const { ip, requestId } = context.get(visitorContext)
  return createServerClient(
    { url: SUPABASE_URL, anonKey: SUPABASE_ANON_KEY },
    {
      forwardedFor: ip,
      headers: requestId ? { 'X-Request-Id': requestId, ...headers } : headers,
      fetch: recordingFetch(context.get(renderRecordContext)),
    },
  )
}
