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
  globalSetup: '<rootDir>/__tests__/browser/setup/global-setup.ts',
  testTimeout: 120_000,
  // Two test files side by side, each in a Jest worker with its own Chromium, static server, data API and editor
  // backend (setup/test-env.ts, setup/editor.ts). Three at a time took as long (630 s against 618 s in clean-clone
  // CI runs): the machine's two cores are the limit, with a load average near 5 through the step.
  maxWorkers: 2,
  testSequencer: '<rootDir>/__tests__/browser/setup/sequencer.js',
};
