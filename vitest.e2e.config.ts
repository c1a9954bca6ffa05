import { defineConfig } from 'vitest/config'
import { LongestFirstSequencer } from './tests/longest-first-sequencer.ts'

// Browser tests: `npm start` serves the product on free ports with a fresh DATA_DIR, once per worker
// (each worker's files run one at a time against their own product), and Debian's Chromium
// (CHROME_PATH, default its headless shell) visits it through playwright-core. The specs in
// tests/e2e/own-api-origin/ need the product deployed another way and have their own config.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    exclude: ['tests/e2e/own-api-origin/**', '**/node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/serve-product.ts'],
    // Each worker waits on its browser, web server and database in turn: two workers keep this
    // 2-core machine 88% busy, three 97% (the stage takes a tenth less time).
    maxWorkers: 3,
    // A worker's files share their modules and their Chromium: the files keep no state in them
    // (each test has its own browser context, and a file's leftover contexts close when it ends),
    // and playwright-core loads and Chromium starts once per worker instead of once per file (about
    // 1.2 and 0.8 CPU-s a file).
    isolate: false,
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
})
