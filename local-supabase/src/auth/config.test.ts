import { describe, expect, it } from 'vitest'
import { loadAuthConfig } from './config.ts'

const project = { additionalRedirectUrls: ['http://localhost:5173/**'] }

describe('the redirect allow list', () => {
  it("is the project's additional_redirect_urls when URI_ALLOW_LIST is unset or empty", () => {
    expect(loadAuthConfig({}, project).redirectAllowList).toEqual(['http://localhost:5173/**'])
    expect(loadAuthConfig({ URI_ALLOW_LIST: '' }, project).redirectAllowList).toEqual(['http://localhost:5173/**'])
  })

  it('is URI_ALLOW_LIST when set, comma-separated', () => {
    expect(loadAuthConfig({ URI_ALLOW_LIST: 'https://a.example/**, https://b.example/**' }, project).redirectAllowList).toEqual([
      'https://a.example/**',
      'https://b.example/**',
    ])
  })
})
