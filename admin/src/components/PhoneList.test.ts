import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, PhoneRowHeading } from './PhoneList';

describe('a phone row’s heading keeps a Devanagari name and its date apart', () => {
  // The markup without the style sheets the styled elements bring with them.
  const html = renderToString(createElement(PhoneRowHeading, { name: 'सीता कुमारी थापा', date: '2083-08-11 BS' }))
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '');
  it('reads them with a separator between, never run together', () => {
    expect(html.replace(/<[^>]+>/g, '')).toBe('सीता कुमारी थापा, 2083-08-11 BS');
  });
  it('draws them as two elements, the date on its own line after the name', () => {
    expect(html).toMatch(/^<span[^>]*>सीता कुमारी थापा<span[^>]*>, <\/span><\/span><span[^>]*>2083-08-11 BS<\/span>$/);
  });
  it('has no separator when there is no date', () => {
    const alone = renderToString(createElement(PhoneRowHeading, { name: 'Ram Thapa', date: '' })).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
    expect(alone.replace(/<[^>]+>/g, '')).toBe('Ram Thapa');
  });
});

describe('the phone filter button counts the drawer’s filters that are on', () => {
  const sources = ['bike_model', 'branch', 'from', 'to', 'prize', 'from', 'to'];
  it('counts each source once, only when it holds a value', () => {
    expect(activeFilterCount({ bike_model: 3, from: '2025-11-17 00:00', to: '', prize: null }, sources)).toBe(2);
  });
  it('does not count a search shown outside the drawer', () => {
    expect(activeFilterCount({ phone: '9841', q: 'Ram' }, sources)).toBe(0);
  });
});
