// Browser tests: playwright-core driving Debian's Chromium against the production build, built once per
// run (`npm run build:test`, or this config's global setup when run alone) and served on 127.0.0.1 with the
// local data API behind it.
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
  transform: base.transform,
  transformIgnorePatterns: base.transformIgnorePatterns,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/browser/**/*.test.ts'],
  globalSetup: '<rootDir>/__tests__/browser/setup/build-site.ts',
  testTimeout: 120_000,
  // One test file at a time: a browser test keeps both cores busy by itself (Chromium composites in software),
  // so two files side by side took as long as one after the other and made timing-sensitive checks flaky.
  // Each Jest worker still has its own Chromium, static server and data API (setup/test-env.ts), so
  // `-- --maxWorkers=2` works where there are cores to spare.
  maxWorkers: 1,
};
