import { describe, expect, it } from 'vitest';
import { bookingTypeOptions, withArticle } from './options';

describe('the booking option names the brand with the right article', () => {
  it.each([
    ['Everest Moto', 'an Everest Moto'],
    ['Hero', 'a Hero'],
    ['Himal Moto', 'a Himal Moto'],
    ['  Apex Bikes ', 'an Apex Bikes'],
    ['Yamaha', 'a Yamaha'],
    ['Ola Electric', 'an Ola Electric'],
  ])('%s -> %s', (brand, expected) => {
    expect(withArticle(brand)).toBe(expected);
  });

  it('labels the two types as the booking dialog shows them', () => {
    expect(bookingTypeOptions('Everest Moto')).toEqual([
      { value: 'TESTRIDE', label: 'Book a Testride' },
      { value: 'BOOKING', label: 'Book an Everest Moto' },
    ]);
  });
});
