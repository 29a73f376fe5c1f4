import { describe, expect, it } from 'vitest';
import { matchRoute } from './site-routes';

describe('the public routes as the server matches them', () => {
  it('drops trailing slashes, and keeps the root', () => {
    expect(matchRoute('/fairness///')).toEqual({ name: 'fairness' });
    expect(matchRoute('///')).toEqual({ name: 'home' });
    expect(matchRoute('')).toEqual({ name: 'home' });
  });

  it('matches an address of slashes around a letter as no page (the server matches every address it is sent; bench: hostile)', () => {
    expect(matchRoute(`${'/'.repeat(8000)}a${'/'.repeat(8000)}`)).toEqual({ name: 'not-found' });
  });
});
