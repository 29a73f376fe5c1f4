import { describe, expect, it } from 'vitest';
import { canAccessWith } from './permissions';

describe('canAccessWith: reports and the audit trail', () => {
  const headOffice = { isAdmin: true };
  const branchUser = { isAdmin: false };

  it('lets head office rename referrers, and branch users (a manager with update-registration) only read them', () => {
    expect(canAccessWith(['read-registration', 'update-registration'], 'edit', 'referrer', headOffice)).toBe(true);
    expect(canAccessWith(['read-registration', 'update-registration'], 'edit', 'referrer', branchUser)).toBe(false);
    expect(canAccessWith(['read-registration', 'update-registration'], 'list', 'referrer', branchUser)).toBe(true);
  });

  it('lets head office with update-registration add a source to the referrer report, nobody else', () => {
    expect(canAccessWith(['read-registration', 'update-registration'], 'create', 'referrer', headOffice)).toBe(true);
    expect(canAccessWith(['read-registration', 'update-registration'], 'create', 'referrer', branchUser)).toBe(false);
    expect(canAccessWith(['read-registration'], 'create', 'referrer', headOffice)).toBe(false);
  });

  it('shows the audit trail to head office with read-user only', () => {
    expect(canAccessWith(['read-user'], 'list', 'audit', headOffice)).toBe(true);
    expect(canAccessWith(['read-user'], 'list', 'audit', branchUser)).toBe(false);
    expect(canAccessWith(['read-user'], 'list', 'audit')).toBe(false);
    expect(canAccessWith(['send-sms'], 'list', 'audit', headOffice)).toBe(false);
  });

  it('reads the referrer report with read-registration and renames with update-registration (head office)', () => {
    expect(canAccessWith(['read-registration'], 'list', 'referrer', branchUser)).toBe(true);
    expect(canAccessWith(['read-registration'], 'edit', 'referrer', headOffice)).toBe(false);
    expect(canAccessWith(['read-registration', 'update-registration'], 'edit', 'referrer', headOffice)).toBe(true);
    expect(canAccessWith([], 'list', 'referrer', headOffice)).toBe(false);
  });

  it('opens the settings (sidebar link and route) only to those who may save them', () => {
    expect(canAccessWith(['update-settings'], 'list', 'settings', headOffice)).toBe(true);
    expect(canAccessWith(['update-settings'], 'edit', 'settings', headOffice)).toBe(true);
    expect(canAccessWith(['read-bike-model', 'read-registration', 'create-registration', 'create-preregistration'], 'list', 'settings', branchUser)).toBe(false);
    expect(canAccessWith(['read-user', 'send-sms', 'read-registration'], 'list', 'settings', headOffice)).toBe(false);
  });

  it('opens SMS and analytics with send-sms, test rides for any staff', () => {
    expect(canAccessWith(['send-sms'], 'list', 'sms', branchUser)).toBe(true);
    expect(canAccessWith(['send-sms'], 'list', 'analytics', headOffice)).toBe(true);
    expect(canAccessWith([], 'list', 'analytics', headOffice)).toBe(false);
    expect(canAccessWith([], 'list', 'test-ride', branchUser)).toBe(true);
    expect(canAccessWith([], 'delete', 'test-ride', branchUser)).toBe(true);
  });
});
