import { describe, expect, it } from 'vitest';
import { describeFilters } from './PrintHeading';

describe('the print heading reads the filters in words', () => {
  const models = [{ id: 3, title: 'Everest 150' }];
  it('names the model, says Yes/No for shared, leaves the branch to its own line', () => {
    expect(describeFilters({ bike_model: '3', shared: '1', payment_mode: 'CASH', branch: '7', from: '2025-11-01' }, models)).toBe(
      'Bike model: Everest 150 · Shared: Yes · Payment mode: CASH · From: 2025-11-01',
    );
  });
  it('says when nothing narrows the list', () => {
    expect(describeFilters({}, models)).toBe('None (every registration)');
    expect(describeFilters({ branch: '7' }, models)).toBe('None (every registration)');
  });
});
