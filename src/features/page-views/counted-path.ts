// Which paths count: public pages only, never the back office.

export const PAGE_VIEW_ENDPOINT = '/leads/page-view'

export function isCountedPath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    path.length <= 512 &&
    path !== '/admin' &&
    !path.startsWith('/admin/') &&
    !path.startsWith(PAGE_VIEW_ENDPOINT)
  )
}
