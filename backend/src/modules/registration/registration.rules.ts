/** Pure rules of a purchase registration (unit-tested in registration.rules.spec.ts). */

/** `B{branch_id}-`: every bill number of a branch carries it, added by the server. */
export function billPrefix(branchId: number): string {
  return `B${branchId}-`;
}

/**
 * The stored bill number: the branch prefix plus what staff typed. A number that already
 * carries this branch's prefix (an edit form sends the stored value back) is not prefixed
 * twice.
 */
export function prefixBillNo(branchId: number, input: string): string {
  const prefix = billPrefix(branchId);
  const bare = input.trim();
  const rest = bare.toUpperCase().startsWith(prefix.toUpperCase()) ? bare.slice(prefix.length) : bare;
  return `${prefix}${rest}`;
}

/** Engine, chassis and vehicle registration numbers: upper-cased, letters, digits, hyphen, dot and underscore only. */
export function normaliseVehicleNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const cleaned = value.toUpperCase().replace(/[^A-Z0-9._-]/g, '');
  return cleaned === '' ? null : cleaned;
}

/** The coupon SMS always carries the code: a template without {code} gets it appended. */
export function couponTemplate(template: string): string {
  return template.includes('{code}') ? template : `${template.trim()} Coupon code: {code}.`;
}
