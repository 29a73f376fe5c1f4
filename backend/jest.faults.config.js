// Fault tests (test/faults): the built app as child processes, a database stopped and
// started, SIGKILL and SIGTERM, two instances on one database. Slow and timing-sensitive,
// so they run on their own, one file at a time, after the other suites (scripts/test-all.mjs;
// `npm run test:faults -w backend` alone).
const base = require('./jest.config.js');
const integration = base.projects.find((p) => p.displayName === 'integration');

module.exports = {
  globalSetup: base.globalSetup,
  globalTeardown: base.globalTeardown,
  testTimeout: 300000,
  maxWorkers: 1,
  projects: [{ ...integration, displayName: 'faults', testMatch: ['<rootDir>/test/faults/**/*.e2e-spec.ts'], testPathIgnorePatterns: ['/node_modules/'] }],
};
