// Set up as Gatsby's unit-testing guide describes (Gatsby and MDX packages transformed, static assets mapped to
// stubs), with SWC in place of the guide's babel-preset-gatsby as the custom transformer (jest-preprocess.js).
/** @type {import('jest').Config} */
module.exports = {
  transform: {
    '^.+\\.[jt]sx?$': '<rootDir>/jest-preprocess.js',
  },
  moduleNameMapper: {
    '.+\\.(css|styl|less|sass|scss)$': 'identity-obj-proxy',
    '.+\\.(jpg|jpeg|png|gif|eot|otf|webp|svg|ttf|woff|woff2|mp4|webm|wav|mp3|m4a|aac|oga)$':
      '<rootDir>/__mocks__/file-mock.js',
  },
  testPathIgnorePatterns: [
    'node_modules',
    '\\.cache',
    '<rootDir>.*/public',
    '<rootDir>/__tests__/browser/',
    '<rootDir>/__tests__/helpers/',
    '<rootDir>/__tests__/fixtures/',
  ],
  transformIgnorePatterns: ['node_modules/(?!(gatsby|gatsby-script|gatsby-link|@mdx-js|pixelmatch)/)'],
  globals: {
    __PATH_PREFIX__: '',
  },
  testEnvironmentOptions: {
    url: 'http://localhost',
  },
  globalSetup: '<rootDir>/__tests__/helpers/jest-global-setup.ts',
  setupFiles: ['<rootDir>/loadershim.js'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testEnvironment: 'jsdom',
  // One test file per core (Jest's default leaves one core idle: on CI's two cores, half the machine).
  maxWorkers: '100%',
  // The limit catches a test that hangs, not a slow one (speed is the bench's): on two busy cores a component
  // test that takes 1 s alone took over 5 s, Jest's default, and failed a clean-clone CI.
  testTimeout: 20_000,
  // The CI log ends with every failed test file and test (scripts/steps.sh).
  reporters: ['default', ['<rootDir>/scripts/ci/failed-tests-reporter.js', { suite: 'Jest' }]],
};
