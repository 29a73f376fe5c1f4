import { normaliseUtmSource, ReferrerService } from './referrer.service';

describe(ReferrerService.name, () => {
  describe('normaliseUtmSource', () => {
    it('trims and lower-cases a source', () => {
      expect(normaliseUtmSource('  Facebook ')).toBe('facebook');
      expect(normaliseUtmSource('google_ads.2082-nov')).toBe('google_ads.2082-nov');
    });

    it('keeps a source of exactly 100 characters', () => {
      expect(normaliseUtmSource('a'.repeat(100))).toBe('a'.repeat(100));
    });

    it('ignores what is not a plain source: empty, too long, other characters, not text', () => {
      for (const bad of ['', '   ', 'a'.repeat(101), 'face book', 'fb<script>', 'ফেসবুক', "x' OR 1=1", null, undefined, 42, ['fb']]) {
        expect(normaliseUtmSource(bad)).toBeNull();
      }
    });
  });
});
