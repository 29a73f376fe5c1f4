import { describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';
import { isFullPage } from '@campaign/domain';
import { isExternalPath, matchRoute } from './router';

describe('matchRoute', () => {
  it('matches the public routes of SPEC section 2', () => {
    expect(matchRoute('/')).toEqual({ name: 'home' });
    expect(matchRoute('')).toEqual({ name: 'home' });
    expect(matchRoute('/enquiry')).toEqual({ name: 'enquiry' });
    expect(matchRoute('/enquiry/return')).toEqual({ name: 'return' });
    expect(matchRoute('/enquiry/Ab3_x-YZ12qw/verify')).toEqual({ name: 'verify', slug: 'Ab3_x-YZ12qw' });
    expect(matchRoute('/enquiry/Ab3_x-YZ12qw/draw')).toEqual({ name: 'draw', slug: 'Ab3_x-YZ12qw' });
    expect(matchRoute('/thankyou-for-test-ride-booking')).toEqual({ name: 'thankyou' });
    expect(matchRoute('/winner-list')).toEqual({ name: 'winners' });
    expect(matchRoute('/fairness')).toEqual({ name: 'fairness' });
    expect(matchRoute('/reset-password')).toEqual({ name: 'reset-password' });
  });

  it('ignores a trailing slash', () => {
    expect(matchRoute('/winner-list/')).toEqual({ name: 'winners' });
    expect(matchRoute('/enquiry/abc/verify/')).toEqual({ name: 'verify', slug: 'abc' });
  });

  it('does not match unknown or malformed paths', () => {
    expect(matchRoute('/enquiry/abc')).toEqual({ name: 'not-found' });
    expect(matchRoute('/enquiry/a%20b/verify')).toEqual({ name: 'not-found' });
    expect(matchRoute('/enquiry//verify')).toEqual({ name: 'not-found' });
    expect(matchRoute('/winner-list/extra')).toEqual({ name: 'not-found' });
    expect(matchRoute('/Enquiry')).toEqual({ name: 'not-found' });
  });
});

describe('isExternalPath', () => {
  it('leaves the API, admin, login and uploads to the server', () => {
    for (const p of ['/api/v1/settings', '/admin', '/admin/branch', '/login', '/uploads/a.jpg']) expect(isExternalPath(p)).toBe(true);
    for (const p of ['/', '/enquiry', '/winner-list', '/administrator', '/loginx']) expect(isExternalPath(p)).toBe(false);
  });
});

describe('the inline script of index.html', () => {
  // It marks full pages before the first paint (no layout shift); it must agree with matchRoute.
  const source = /<script>([^<]*)<\/script>/.exec(indexHtml)![1];
  const isFull = (pathname: string) => {
    const attrs: Record<string, string> = {};
    const documentElement = { setAttribute: (k: string, v: string) => (attrs[k] = v) };
    new Function('location', 'document', source)({ pathname }, { documentElement });
    return attrs['data-page'] === 'full';
  };

  it('marks exactly the full pages', () => {
    const paths = [
      '/',
      '/enquiry',
      '/enquiry/',
      '/enquiry/return',
      '/enquiry/Ab3_x-YZ12qw/verify',
      '/enquiry/abc/draw/',
      '/thankyou-for-test-ride-booking',
    ];
    paths.push(
      '/winner-list',
      '/winner-list/',
      '/fairness',
      '/reset-password',
      '/enquiry/abc',
      '/enquiry//verify',
      '/Enquiry',
      '/nope',
      '/enquiry/return/verify',
    );
    for (const p of paths) expect([p, isFull(p)]).toEqual([p, isFullPage(matchRoute(p).name)]);
  });
});
