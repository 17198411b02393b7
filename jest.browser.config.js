// Browser tests: playwright-core driving Debian's Chromium against the production build, built once per
// run (`npm run build:test`, or this config's global setup when run alone) and served on 127.0.0.1 with the
// local data API behind it.
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
  transform: base.transform,
  transformIgnorePatterns: base.transformIgnorePatterns,
  testEnvironment: 'node',
  reporters: ['default', ['<rootDir>/scripts/ci/failed-tests-reporter.js', { suite: 'Browser' }]],
  testMatch: ['<rootDir>/__tests__/browser/**/*.test.ts'],
  globalSetup: '<rootDir>/__tests__/browser/setup/build-site.ts',
  testTimeout: 120_000,
  // Three test files side by side, each in a Jest worker with its own Chromium, static server, data API and editor
  // backend (setup/test-env.ts, setup/editor.ts). A browser test mostly waits (the phone profile's network, the
  // assistant's pauses, a server's answer, a build in a copy): two at a time, the step used 0.7 of the 2 cores
  // (618 s, CPU 447 s, in a clean-clone CI run), so a third file fills what the others leave.
  maxWorkers: 3,
  testSequencer: '<rootDir>/__tests__/browser/setup/sequencer.js',
};
