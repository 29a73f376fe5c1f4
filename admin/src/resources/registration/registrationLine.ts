import { rupees } from '@campaign/domain';

/** The fields it reads, as a list row or an early answer's row (layout/FirstRows.tsx) has them. */
export interface RegistrationRowLike {
  phone?: string;
  coupon_amount?: number | null;
  preregistration?: { prize?: number | null } | null;
  [field: string]: unknown;
}

/** What a purchase's phone row reads under its name: the phone, then both prizes together. */
export const registrationLine = (r: RegistrationRowLike): string =>
  `${r.phone} · ${rupees((r.preregistration?.prize ?? 0) + (r.coupon_amount ?? 0))}`;
