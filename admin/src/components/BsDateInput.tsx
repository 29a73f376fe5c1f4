import { useEffect, useState } from 'react';
import { type SxProps, TextField, type Theme } from '@mui/material';
import { useInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { adToBs, parseEitherDay, toLatinDigits } from '@campaign/domain';

/** '2082-08-01' or '2082-08-01 10:00' (BS, optional hour) as the filter's AD value; undefined when not yet a whole day. */
export function bsFilterValue(text: string, withHour: boolean): string | null | undefined {
  const t = toLatinDigits(text).trim();
  if (!t) return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:\s+(\d{1,2})(?::\d{2})?)?\s*(?:BS)?$/i.exec(t);
  if (!m) return undefined;
  const ad = parseEitherDay(`${m[1]} BS`);
  if (!ad) return undefined;
  if (!withHour) return ad;
  const hour = m[2] === undefined ? 0 : Number(m[2]);
  return hour <= 23 ? `${ad} ${String(hour).padStart(2, '0')}:00` : undefined;
}

/** The filter's AD value ('2025-11-17' or '2025-11-17 10:00') as BS text. */
export function bsFilterText(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):\d{2})?/.exec(value);
  const bs = m && adToBs(m[1]);
  if (!bs) return '';
  return m[2] !== undefined ? `${bs} ${m[2]}:00` : bs;
}

/**
 * A date typed in BS ('2082-08-01', with an hour where the AD twin has one: '2082-08-01 10')
 * for an AD `value` ('2025-11-17' or '2025-11-17 10:00'): `onChange` gets the same AD value the
 * AD picker beside it would write (null when emptied), so the two show one date in both
 * calendars. The text is kept while it is typed and handed on once it is a whole BS day.
 * Controlled, so the filters, the forms and the pages outside react-admin (analytics) share it.
 */
export const BsDateField = ({
  value,
  onChange,
  label,
  hour = false,
  disabled = false,
  helperText,
  sx,
}: {
  value: unknown;
  onChange?: (ad: string | null) => void;
  label: string;
  hour?: boolean;
  disabled?: boolean;
  /** Shown while the text is not wrong (a form passes ' ' to line up with its inputs). */
  helperText?: string;
  sx?: SxProps<Theme>;
}) => {
  const current = typeof value === 'string' && value ? value : null;
  const [text, setText] = useState(() => bsFilterText(current));
  const [invalid, setInvalid] = useState(false);
  // The AD picker (or a reset) changed the date: show it in BS.
  useEffect(() => {
    const shown = bsFilterValue(text, hour);
    if (shown !== current) {
      setText(bsFilterText(current));
      setInvalid(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the date itself re-reads it
  }, [current]);
  return (
    <TextField
      label={label}
      value={text}
      size="small"
      variant="filled"
      placeholder={hour ? 'YYYY-MM-DD HH' : 'YYYY-MM-DD'}
      disabled={disabled}
      error={invalid}
      helperText={invalid ? 'Not a BS date' : helperText}
      onChange={(e) => {
        setText(e.target.value);
        const ad = bsFilterValue(e.target.value, hour);
        setInvalid(ad === undefined && e.target.value.trim().length >= 10);
        if (ad !== undefined) onChange?.(ad);
      }}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={sx}
    />
  );
};

/**
 * A From or To filter typed in BS, bound to the same filter as the AD picker beside it (a
 * list's filter form).
 */
export const BsDateInput = ({ source, label, hour = false }: { source: string; label: string; hour?: boolean; alwaysOn?: boolean }) => {
  const { field } = useInput({ source });
  return <BsDateField value={field.value} onChange={field.onChange} label={label} hour={hour} />;
};

/**
 * The BS twin of a form's AD date input: it reads and writes the form's value without being a
 * second input of that name (a second registration would replace the AD input's validation with
 * its own empty one), so the AD input's checks still run on what is typed here.
 */
export const BsTwinInput = ({ source, label, hour = false }: { source: string; label: string; hour?: boolean }) => {
  const value = useWatch({ name: source });
  const { setValue } = useFormContext();
  return (
    <BsDateField
      value={value}
      onChange={(ad) => setValue(source, ad, { shouldDirty: true, shouldValidate: true })}
      label={label}
      hour={hour}
      helperText=" "
    />
  );
};
