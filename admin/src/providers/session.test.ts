import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_READS_KEY, session } from './session';

let store: Map<string, string>;

beforeEach(() => {
  store = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
});

afterEach(() => vi.unstubAllGlobals());

describe("the pages' first reads", () => {
  it('keeps them by page, a trailing slash or not, and forgets a page on null', () => {
    session.keepFirstReads('/admin/', ['/stats', '/settings']);
    session.keepFirstReads('/admin/preregistration', ['/preregistration?start=0&length=10']);
    expect(session.firstReads('/admin')).toEqual(['/stats', '/settings']);
    expect(session.firstReads('/admin/preregistration/')).toEqual(['/preregistration?start=0&length=10']);
    session.keepFirstReads('/admin', null);
    expect(session.firstReads('/admin/')).toBeNull();
    expect(session.firstReads('/admin/preregistration')).not.toBeNull();
  });

  it('keeps the eight pages used last, and nothing once signed out', () => {
    for (let i = 1; i <= 10; i++) session.keepFirstReads(`/admin/page${i}`, [`/page${i}`]);
    // Used again: it is now among the last.
    session.keepFirstReads('/admin/page3', ['/page3?again']);
    const kept = Object.keys(JSON.parse(store.get(EARLY_READS_KEY)!));
    expect(kept).toEqual(['/admin/page4', '/admin/page5', '/admin/page6', '/admin/page7', '/admin/page8', '/admin/page9', '/admin/page10', '/admin/page3']);
    session.clear();
    expect(session.firstReads('/admin/page3')).toBeNull();
  });

  it('reads nothing from a stored value it did not write', () => {
    store.set(EARLY_READS_KEY, '["/stats"]');
    expect(session.firstReads('/admin')).toBeNull();
    store.set(EARLY_READS_KEY, '{"/admin":[1,2]}');
    expect(session.firstReads('/admin')).toBeNull();
    store.set(EARLY_READS_KEY, 'not json');
    session.keepFirstReads('/admin', ['/stats']);
    expect(session.firstReads('/admin')).toEqual(['/stats']);
  });
});
