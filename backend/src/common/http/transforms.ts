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
