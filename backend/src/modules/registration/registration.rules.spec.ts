import { billPrefix, couponTemplate, normaliseVehicleNumber, prefixBillNo } from './registration.rules';

describe('registration rules', () => {
  it('prefixes a bill number with B{branch_id}- once', () => {
    expect(billPrefix(7)).toBe('B7-');
    expect(prefixBillNo(7, ' 1024 ')).toBe('B7-1024');
    expect(prefixBillNo(7, 'B7-1024')).toBe('B7-1024');
    expect(prefixBillNo(7, 'b7-1024')).toBe('B7-1024');
    // Another branch's prefix is just text: it gets this branch's prefix in front.
    expect(prefixBillNo(7, 'B2-1024')).toBe('B7-B2-1024');
    expect(prefixBillNo(1, 'B12-5')).toBe('B1-B12-5');
  });

  it('upper-cases engine and chassis numbers and keeps letters, digits, hyphen, dot and underscore', () => {
    expect(normaliseVehicleNumber(' ab12-c.d_e/f g#')).toBe('AB12-C.D_EFG');
    expect(normaliseVehicleNumber('  ')).toBeNull();
    expect(normaliseVehicleNumber('###')).toBeNull();
    expect(normaliseVehicleNumber(null)).toBeNull();
    expect(normaliseVehicleNumber(undefined)).toBeUndefined();
  });

  it('keeps the coupon code in the SMS even when a template forgets it', () => {
    expect(couponTemplate('Rs. {coupon}, code {code}')).toBe('Rs. {coupon}, code {code}');
    expect(couponTemplate('Rs. {coupon} off. ')).toBe('Rs. {coupon} off. Coupon code: {code}.');
  });
});
