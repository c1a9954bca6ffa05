import path from 'node:path'
import { defineConfig } from 'vitest/config'

// Node-only tests: unit tests, pgTAP policy files on PGlite, and integration tests against the
// real local backend. Browser tests live elsewhere (npm run test:e2e).
export default defineConfig({
  // The app's own import alias, so component tests import modules as the app does.
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'local-supabase/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    // PGlite boots are CPU-heavy (about 4 s each on this 2-core machine): keep parallelism modest.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
