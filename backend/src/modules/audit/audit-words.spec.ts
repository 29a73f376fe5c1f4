import { auditSummary } from './audit-words';

describe('the audit trail in words', () => {
  it.each([
    ['DELETE /api/v1/allocation/:id', 'Deleted an allocation'],
    ['POST /api/v1/allocation', 'Created an allocation'],
    ['GET /api/v1/test-ride/download', 'Downloaded test rides'],
    ['GET /api/v1/branch/export', 'Downloaded dealers'],
    ['POST /api/v1/branch/:slug', 'Edited a dealer'],
    ['POST /api/v1/user', 'Created a dealer user'],
    ['DELETE /api/v1/registration/:slug', 'Deleted a customer registration'],
    ['POST /api/v1/registration/:slug/restore', 'Restored a customer registration'],
    ['POST /api/v1/preregistration/:slug/erase', 'Erased a customer’s personal data'],
    ['PATCH /api/v1/setting', 'Changed the settings'],
    ['RETENTION purge', 'Purged citizenship numbers and screenshots (retention)'],
    ['MOVE preregistration', 'Moved a pre-registration to another branch'],
    // An action no rule knows reads as it was recorded.
    ['POST /api/v1/something/new', 'POST /api/v1/something/new'],
  ])('%s -> %s', (action, words) => {
    expect(auditSummary(action)).toBe(words);
  });
});
