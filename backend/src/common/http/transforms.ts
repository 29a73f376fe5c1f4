import { toLatinDigits } from '@campaign/domain';
import { Transform } from 'class-transformer';

/** Multipart bodies carry strings: these turn them into the DTO's types. */
export const ToBoolean = () =>
  Transform(({ value }) => {
    if (value === true || value === 'true' || value === 1 || value === '1' || value === 'on') return true;
    if (value === false || value === 'false' || value === 0 || value === '0' || value === 'off' || value === '') return false;
    return value;
  });

export const ToInt = () =>
  Transform(({ value }) => {
    if (value === '' || value === null || value === undefined) return value === '' ? undefined : value;
    if (typeof value === 'number') return value;
    return typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  });

export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Empty strings from a form become null (optional text fields). */
export const EmptyToNull = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value));

/**
 * A code typed by a person (an SMS code, a coupon code): as a Nepali keyboard types it or as
 * pasted with spaces, '१२३ ४५६' is 123456; a number keeps its leading zeros (`pad` digits).
 */
export const CodeDigits = (pad = 6) =>
  Transform(({ value }) => (typeof value === 'number' ? String(value).padStart(pad, '0') : typeof value === 'string' ? toLatinDigits(value).replace(/\s+/g, '') : value));

/** A free-form number (a citizenship number with its dashes): Devanagari digits stored as Latin ones. */
export const LatinDigits = () => Transform(({ value }) => (typeof value === 'string' ? toLatinDigits(value) : value));
