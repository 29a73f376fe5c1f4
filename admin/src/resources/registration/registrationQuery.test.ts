import { describe, expect, it } from 'vitest';
import { downloadQuery, filtersFromQuery, filtersToQuery } from './registrationQuery';

describe('print filters', () => {
  it('carries the list filters through the URL and back', () => {
    const filters = { branch: 3, shared: '1', from: '2026-11-21T10:00', q: 'Ram', payment_mode: '' };
    const query = filtersToQuery(filters);
    expect(query).toBe('branch=3&shared=1&from=2026-11-21T10%3A00&q=Ram');
    expect(filtersFromQuery(`?${query}`)).toEqual({ branch: '3', shared: '1', from: '2026-11-21T10:00', q: 'Ram' });
  });

  it('sends the search box to the download as search[value]', () => {
    expect(downloadQuery({ q: 'Ram', post_prize: 1500, branch: undefined, shared: '' })).toEqual({
      'search[value]': 'Ram',
      post_prize: '1500',
    });
  });
});
