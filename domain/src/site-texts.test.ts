import { describe, expect, it } from 'vitest';
import { inLang, langSwitch, pickLang } from './site-texts';

describe('the public site language', () => {
  it('picks ?lang, then the remembered choice, then the first of the browser languages it knows, else English', () => {
    expect(pickLang('ne', 'en', 'en-US')).toBe('ne');
    expect(pickLang(undefined, 'ne', 'en-US')).toBe('ne');
    expect(pickLang(undefined, undefined, 'fr-FR,ne-NP;q=0.8,en;q=0.5')).toBe('ne');
    expect(pickLang('xx', 'yy', 'fr')).toBe('en');
  });

  it('gives a Nepali reader the Nepali setting where it is set, the English one where it is empty or missing', () => {
    expect(inLang('ne', 'Scheme', 'योजना')).toBe('योजना');
    expect(inLang('ne', 'Scheme', '')).toBe('Scheme');
    expect(inLang('ne', { id: 1 }, null)).toEqual({ id: 1 });
    expect(inLang('en', 'Scheme', 'योजना')).toBe('Scheme');
  });

  it('offers the other language in the switch, named in that language', () => {
    expect(langSwitch('en')).toEqual({ other: 'ne', href: '?lang=ne', label: 'नेपालीमा पढ्नुहोस्', text: 'नेपाली' });
    expect(langSwitch('ne')).toEqual({ other: 'en', href: '?lang=en', label: 'Read in English', text: 'English' });
  });
});
