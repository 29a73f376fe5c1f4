import { nepalMobileMessage } from '@campaign/domain';
import { describe, expect, it } from 'vitest';
import { filterEmail, phoneProblem } from './filters';

describe('phoneProblem', () => {
  it("says the server's words of a number that cannot be a Nepal mobile, and nothing of one that can", () => {
    expect(phoneProblem('1234567890')).toBe(nepalMobileMessage());
    expect(phoneProblem('98412')).toBe(nepalMobileMessage());
    expect(phoneProblem('9841234567')).toBeUndefined();
    expect(phoneProblem('+977 984-1234567')).toBeUndefined();
  });
});

describe('filterEmail', () => {
  it('keeps letters, digits, hyphen, dot, underscore and @', () => {
    expect(filterEmail('ram.thapa_1-x@example.com')).toBe('ram.thapa_1-x@example.com');
    expect(filterEmail(' ram+tag@exa mple.com;<b>')).toBe('ramtag@example.comb');
  });
});
