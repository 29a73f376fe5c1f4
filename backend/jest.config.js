// Three tiers (see docs/architecture.md): unit specs beside the code, integration
// specs against a real PostgreSQL, browser journeys in Debian's Chromium.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022', keepClassNames: true }, module: { type: 'commonjs' } }];
const common = {
  transform: { '^.+\\.(t|j)s$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|uid|file-type|strtok3|token-types|peek-readable|@tokenizer|uint8array-extras|@borewit)/)'],
  testEnvironment: 'node',
  // @campaign/domain resolves to its TypeScript source under this condition (swc compiles
  // it like our own), so the tests need no build of the shared package first.
  testEnvironmentOptions: { customExportConditions: ['@campaign/source', 'node', 'node-addons'] },
};
module.exports = {
  globalSetup: '<rootDir>/test/harness/global-setup.ts',
  globalTeardown: '<rootDir>/test/harness/global-teardown.ts',
  maxWorkers: 2,
  testTimeout: 120000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    // test/faults has its own run (jest.faults.config.js): child processes, a database stopped and started.
    // test/embedded has its own run too (jest.embedded.config.js): the app on the embedded database `npm start` uses.
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'], testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/faults/', '<rootDir>/test/embedded/'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'] },
  ],
};
