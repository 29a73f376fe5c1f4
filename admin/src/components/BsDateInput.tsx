import { useEffect, useState } from 'react';
import { TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { adToBs, parseEitherDay } from '@campaign/domain';

/** '2082-08-01' or '2082-08-01 10:00' (BS, optional hour) as the filter's AD value; undefined when not yet a whole day. */
export function bsFilterValue(text: string, withHour: boolean): string | null | undefined {
  const t = text.trim();
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
 * A From or To filter typed in BS ('2082-08-01', with an hour for hourly filters: '2082-08-01
 * 10'), writing the same AD value as the AD picker beside it: the two show one filter in both
 * calendars. The text is kept while it is typed and sent once it is a whole BS day.
 */
export const BsDateInput = ({ source, label, hour = false }: { source: string; label: string; hour?: boolean; alwaysOn?: boolean }) => {
  const { field } = useInput({ source });
  const [text, setText] = useState(() => bsFilterText(field.value));
  const [invalid, setInvalid] = useState(false);
  // The AD picker (or a reset) changed the filter: show it in BS.
  useEffect(() => {
    const shown = bsFilterValue(text, hour);
    if (shown !== (field.value ?? null)) {
      setText(bsFilterText(field.value));
      setInvalid(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the filter itself re-reads it
  }, [field.value]);
  return (
    <TextField
      label={label}
      value={text}
      size="small"
      variant="filled"
      placeholder={hour ? 'YYYY-MM-DD HH' : 'YYYY-MM-DD'}
      error={invalid}
      helperText={invalid ? 'Not a BS date' : undefined}
      onChange={(e) => {
        setText(e.target.value);
        const value = bsFilterValue(e.target.value, hour);
        setInvalid(value === undefined && e.target.value.trim().length >= 10);
        if (value !== undefined) field.onChange(value);
      }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
};
