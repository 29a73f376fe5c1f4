import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, Permission } from './permissions';

describe('permissions', () => {
  it('lists every name once', () => {
    expect(ALL_PERMISSIONS).toHaveLength(20);
    expect(new Set(ALL_PERMISSIONS).size).toBe(20);
    expect(ALL_PERMISSIONS).toContain(Permission.ManageAllocation);
  });
});
