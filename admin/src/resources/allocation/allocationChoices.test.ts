import { describe, expect, it } from 'vitest';
import { allocationAmounts, needsBranch, notBefore, toAllocationPayload, typeChoices, typeLabel } from './allocationChoices';

const options = { pre_prizes: [3000, 3500, 100000], prizes: [1500, 2000, 900000] };

describe('allocationAmounts', () => {
  it('offers the pre-registration prizes for both pre-registration types', () => {
    expect(allocationAmounts('preregistration_public', options)).toEqual([3000, 3500, 100000]);
    expect(allocationAmounts('preregistration_branch', options)).toEqual([3000, 3500, 100000]);
  });
  it('offers the purchase prizes for registration_branch', () => {
    expect(allocationAmounts('registration_branch', options)).toEqual([1500, 2000, 900000]);
  });
});

describe('needsBranch', () => {
  it('hides the branch for public pre-registration stock only', () => {
    expect(needsBranch('preregistration_public')).toBe(false);
    expect(needsBranch('preregistration_branch')).toBe(true);
    expect(needsBranch('registration_branch')).toBe(true);
  });
});

describe('notBefore', () => {
  it('refuses a day before today and takes today or later', () => {
    const check = notBefore('2026-11-22');
    expect(check('2026-11-21')).toBe('The date must be today (2026-11-22) or later.');
    expect(check('2026-11-22')).toBeUndefined();
    expect(check('2026-12-01')).toBeUndefined();
  });
});

describe('toAllocationPayload', () => {
  it('leaves the branch out of public stock and keeps it for branch stock', () => {
    const base = { date: '2026-11-22', count: 1, amount: 3000, probability: 0, branch_id: 4 };
    expect(toAllocationPayload({ ...base, type: 'preregistration_public' })).not.toHaveProperty('branch_id');
    expect(toAllocationPayload({ ...base, type: 'registration_branch' })).toMatchObject({ branch_id: 4 });
  });
});

describe('typeChoices', () => {
  it('labels the three types', () => {
    expect(typeChoices([]).map((c) => c.id)).toEqual(['preregistration_public', 'preregistration_branch', 'registration_branch']);
    expect(typeLabel('registration_branch')).toBe('Registration (branch)');
  });
});
