// Browser tests: playwright-core driving Debian's Chromium against the production build, built once per
// run by the global setup and served on 127.0.0.1 with the local data API behind it.
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
  transform: base.transform,
  transformIgnorePatterns: base.transformIgnorePatterns,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/browser/**/*.test.ts'],
  globalSetup: '<rootDir>/__tests__/browser/setup/build-site.ts',
  testTimeout: 120_000,
  // One test file at a time. Each Jest worker has a browser and a data API of its own (setup/test-env.ts
  // WORKER_API_URL), so `-- --maxWorkers=2` works, but on two cores the suites then slow each other down and
  // timing-sensitive screens differ (docs/performance.md, CI time).
  maxWorkers: 1,
};
