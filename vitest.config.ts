import path from 'node:path'
import { defineConfig } from 'vitest/config'
import { LongestFirstSequencer } from './tests/longest-first-sequencer.ts'

// Unit tests start nothing (no backend, no database, no web server): they run first, on their own
// with `npm run test:unit`, without the global setup's builds.
const unit = ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'local-supabase/**/*.test.ts']
// Tests in src/ that render screens against the real local backend (tests/helpers/admin-harness.tsx).
const integrationInSrc = ['src/routes/admin/**/*.test.tsx', 'src/features/admin/auth/api/staff-session.test.ts']

// Node-only tests: unit tests, pgTAP policy files on PGlite, and integration tests against the
// real local backend. Browser tests live elsewhere (npm run test:e2e).
export default defineConfig({
  // The app's own import alias, so component tests import modules as the app does.
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src') } },
  test: {
    environment: 'node',
    // PGlite boots are CPU-heavy on this 2-core machine: keep parallelism modest.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/helpers/dom-setup.ts'],
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: unit,
          exclude: [...integrationInSrc, '**/node_modules/**'],
          // A backend started here fails at once with a pointer to the integration project.
          env: { TEST_PROJECT: 'unit' },
          // Threads sharing their module cache between files: a third of the CPU time of isolated
          // forks (mostly jsdom set-up and imports). Unit tests keep no state across files.
          pool: 'threads',
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          // Tests that open PGlite in their own process (the database tests) use it for seconds:
          // V8's optimizing tier for its WebAssembly costs more than it saves there, as for test
          // backends. (A process flag: the integration project runs in forks.)
          execArgv: ['--liftoff-only'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // The back-office screens: each file starts its own backend process and renders in
          // happy-dom. Files in one worker share their loaded modules (React, the router, Radix,
          // tiptap, supabase-js, the route modules: most of a file's CPU when loaded per file) and
          // its DOM; screen-setup.ts resets what a file leaves behind.
          name: 'integration-screens',
          include: integrationInSrc,
          globalSetup: ['tests/global-setup.ts'],
          setupFiles: ['tests/helpers/screen-setup.ts'],
          pool: 'threads',
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
