import { describe, expect, it } from 'vitest';
import { ADDRESS_RE, filterAddress, filterPersonName, PERSON_NAME_MAX, personNameProblem } from './form-text';

describe('filterPersonName (the public forms, as typed)', () => {
  it('keeps what the server accepts: letters of any script with their marks, spaces, dots, apostrophes and hyphens', () => {
    expect(filterPersonName("Ram-Bahadur O'Neil Jr.")).toBe("Ram-Bahadur O'Neil Jr.");
    expect(filterPersonName('राम बहादुर थापा।')).toBe('राम बहादुर थापा');
  });

  it('drops digits, underscores and markup, which the server would refuse after Submit', () => {
    expect(filterPersonName('Ram_2')).toBe('Ram');
    expect(filterPersonName('<b>Sita</b> 9841234567')).toBe('bSitab ');
    expect(personNameProblem(filterPersonName('Ram_2'))).toBeNull();
  });

  it('keeps at most the server\'s 60 characters', () => {
    expect(filterPersonName('a'.repeat(191))).toHaveLength(PERSON_NAME_MAX);
  });
});

describe('filterAddress', () => {
  it('keeps the comma, hyphen, slash and dot of an address', () => {
    expect(filterAddress('Lakeside-6, Pokhara')).toBe('Lakeside-6, Pokhara');
    expect(filterAddress('Ward 4/5, Teku Rd.')).toBe('Ward 4/5, Teku Rd.');
    expect(filterAddress('काठमाडौं-१२, टेकु')).toBe('काठमाडौं-१२, टेकु');
    expect(ADDRESS_RE.test(filterAddress('Teku; <script>'))).toBe(true);
    expect(filterAddress('Teku; <script>')).toBe('Teku script');
  });
});
