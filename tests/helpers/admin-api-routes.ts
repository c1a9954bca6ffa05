// The back office's resource routes as a route stub mounts them, at their real paths: screens
// rendered in tests post uploads and read their panels (and the media library) through them as
// they do in the app.
import type { ActionFunction, LoaderFunction } from 'react-router'
import * as deletedApi from '../../src/routes/admin/deleted-api'
import * as media from '../../src/routes/admin/media'
import * as uploadApi from '../../src/routes/admin/upload-api'
import * as versionsApi from '../../src/routes/admin/versions-api'

export const adminApiRoutes: { path: string; loader?: LoaderFunction; action?: ActionFunction }[] = [
  { path: 'admin/api/versions/:table/:id', loader: versionsApi.clientLoader as unknown as LoaderFunction },
  { path: 'admin/api/deleted/:table', loader: deletedApi.clientLoader as unknown as LoaderFunction },
  { path: 'admin/api/upload', action: uploadApi.clientAction as unknown as ActionFunction },
  // The media library the image pickers read (a screen's own route comes first when it is the one rendered).
  { path: 'admin/media', loader: media.clientLoader as unknown as LoaderFunction },
]

// Vitest hands a form's files to Node's Request by reading jsdom's private `_buffer`, which jsdom 29
// renamed `_bytes`: without this alias an uploaded file reaches the route's action as "undefined".
if (typeof window !== 'undefined' && typeof Blob !== 'undefined') {
  const blob = new Blob()
  const implSymbol = Object.getOwnPropertySymbols(blob)[0]
  const impl: unknown = implSymbol ? (blob as unknown as Record<symbol, unknown>)[implSymbol] : undefined
  const proto: object | null = impl && typeof impl === 'object' ? Object.getPrototypeOf(impl) : null
  if (proto && !('_buffer' in proto) && '_bytes' in (impl as object)) {
    Object.defineProperty(proto, '_buffer', {
      get(this: { _bytes: Uint8Array }) {
        return this._bytes
      },
    })
  }
}
