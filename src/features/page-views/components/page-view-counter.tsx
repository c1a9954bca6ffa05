// Counts each public page view once, from the browser: the first page after it has loaded, then
// every client-side navigation to another path. The server never counts a render, so nothing is
// counted twice, prefetches and HEAD requests count nothing, and the cached pages stay shared.
// Nothing identifies the visitor: no cookie, no id, just the path. The endpoint ignores crawlers
// by the request's User-Agent.
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { isCountedPath, PAGE_VIEW_ENDPOINT } from '../counted-path'

export function PageViewCounter() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (!isCountedPath(pathname)) return
    const body = JSON.stringify({ path: pathname })
    // A beacon survives the page being left right away; fetch keepalive where there is none.
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(PAGE_VIEW_ENDPOINT, new Blob([body], { type: 'application/json' }))) return
    void fetch(PAGE_VIEW_ENDPOINT, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => {})
  }, [pathname])
  return null
}
