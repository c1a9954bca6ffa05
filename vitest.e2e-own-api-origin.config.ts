import { defineConfig } from 'vitest/config'

// The browser tests of a hosted deployment's shape: the Supabase APIs on their own origin (the
// backend started apart, `npm start` pointed at it with SUPABASE_URL), not proxied by the site.
export default defineConfig({
  test: {
    include: ['tests/e2e/own-api-origin/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/serve-product-own-api-origin.ts'],
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
})
