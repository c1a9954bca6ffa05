import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { redirectResponse, RedirectTable } from './redirects.ts'

// Rows as a database from before the target rule might still hold them, beside ordinary ones.
const ROWS = [
  { from_path: '/control', to_path: '/about\u0001', status_code: 301 },
  { from_path: '/ideographic-dot', to_path: 'https://evil\u3002example/', status_code: 302 },
  { from_path: '/fullwidth-slash', to_path: '/\uff0fevil.example', status_code: 301 },
  { from_path: '/plain', to_path: '/about', status_code: 301 },
  { from_path: '/encoded', to_path: '/caf%c3%a9', status_code: 302 },
]

let server: Server
let url: string

beforeAll(async () => {
  server = createServer((_, response) => {
    response.setHeader('Content-Type', 'application/json')
    response.end(JSON.stringify(ROWS))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('RedirectTable', () => {
  it('leaves out a stored target a Location header cannot carry, so its path never answers 500', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const table = new RedirectTable(url, 'anon-key')
    await table.refresh()
    await table.refresh()
    for (const row of ROWS) {
      const redirect = table.lookup(row.from_path)
      if (redirect) expect(() => redirectResponse(redirect, '?q=1')).not.toThrow()
    }
    expect(table.lookup('/control')).toBeUndefined()
    expect(table.lookup('/ideographic-dot')).toBeUndefined()
    expect(table.lookup('/fullwidth-slash')).toBeUndefined()
    expect(redirectResponse(table.lookup('/plain')!, '').headers.get('location')).toBe('/about')
    expect(redirectResponse(table.lookup('/encoded')!, '').headers.get('location')).toBe('/caf%c3%a9')
    // Said once per row, not at every refresh.
    expect(errors).toHaveBeenCalledTimes(3)
    errors.mockRestore()
  })
})
