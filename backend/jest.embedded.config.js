// The embedded database as `npm start` runs it (test/embedded): the app on PGlite behind its
// socket, one transaction at a time, driven over every route and through the admin in
// Chromium. Its own run and count in `npm test` (scripts/test-all.mjs), one file at a time:
// each file starts its own embedded database, and no PostgreSQL server runs.
const base = require('./jest.config.js');
const integration = base.projects.find((p) => p.displayName === 'integration');

module.exports = {
  globalSetup: '<rootDir>/test/harness/embedded-setup.ts',
  testTimeout: 180000,
  maxWorkers: 1,
  projects: [{ ...integration, displayName: 'embedded', testMatch: ['<rootDir>/test/embedded/**/*.{e2e,browser}-spec.ts'], testPathIgnorePatterns: ['/node_modules/'] }],
};
