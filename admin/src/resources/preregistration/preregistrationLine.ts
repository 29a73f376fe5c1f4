import { rupees } from '@campaign/domain';

/** The fields it reads, as a list row or an early answer's row (layout/FirstRows.tsx) has them. */
export interface PreregistrationRowLike {
  phone?: string;
  prize?: number | null;
  [field: string]: unknown;
}

/** What a pre-registration's phone row reads under its name: the phone, then the prize (or that none is drawn yet). */
export const preregistrationLine = (r: PreregistrationRowLike): string => `${r.phone} · ${r.prize == null ? 'No prize yet' : rupees(r.prize)}`;
