import { defineConfig } from 'vitest/config'

// Browser tests: `npm start` serves the product on free ports with a fresh DATA_DIR, and Debian's
// Chromium (CHROME_PATH, default /usr/bin/chromium) visits it through playwright-core.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/serve-product.ts'],
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
})
