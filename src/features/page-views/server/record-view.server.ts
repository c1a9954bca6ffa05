// The page-view endpoint's work: one count for a real visitor's view of a public page; bots,
// prefetches and anything malformed are ignored without telling the caller anything.
import { isbot } from 'isbot'
import type { Db } from '~/lib/supabase'
import { recordPageView } from '../api/page-views'
import { isCountedPath } from '../counted-path'

const MAX_BODY = 2048

export async function recordViewFromRequest(db: Db, request: Request): Promise<void> {
  if (request.method !== 'POST') return
  // Crawlers are told apart here, by the request's User-Agent, so the check ships to no browser.
  if (isbot(request.headers.get('user-agent') ?? '')) return
  const purpose = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`
  if (/prefetch|prerender/i.test(purpose)) return
  const text = await request.text()
  if (text.length > MAX_BODY) return
  let path: unknown
  try {
    path = (JSON.parse(text) as { path?: unknown }).path
  } catch {
    return
  }
  if (!isCountedPath(path)) return
  try {
    await recordPageView(db, path)
  } catch (error) {
    console.error(error)
  }
}
