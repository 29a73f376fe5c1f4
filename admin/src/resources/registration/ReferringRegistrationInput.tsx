import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useDataProvider, useInput, useRecordContext } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

interface Found {
  id: number;
  slug: string;
  name: string;
  phone?: string;
  bill_no: string;
}

const optionLabel = (o: Found) => [o.name, o.phone, o.bill_no].filter(Boolean).join(' / ');

/**
 * A registration found with POST /registration/search { q } as staff type (name, phone or
 * bill number); its id is stored in registration_id. `current` names the record's field
 * holding the registration already chosen.
 */
export const RegistrationSearchInput = ({ label, helperText, current }: { label: string; helperText: string; current: string }) => {
  const record = useRecordContext();
  const { field, fieldState } = useInput({ source: 'registration_id' });
  const dataProvider = useDataProvider<AppDataProvider>();
  const [value, setValue] = useState<Found | null>((record?.[current] as Found | null) ?? null);
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Found[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const q = input.trim();
    if (q.length < 2 || (value && q === optionLabel(value))) return;
    let alive = true;
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const res = await dataProvider.send<{ data?: Found[] }>('/registration/search', 'POST', { q });
        if (alive) setOptions((res.data ?? []).filter((o) => o.slug !== record?.slug));
      } catch (e) {
        console.warn('registration search failed', e);
      } finally {
        if (alive) setLoading(false);
      }
    }, 300);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [input, value, dataProvider, record?.slug]);

  return (
    <Autocomplete
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      loading={loading}
      filterOptions={(x) => x}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, v) => {
        setValue(v);
        field.onChange(v ? v.id : null);
      }}
      noOptionsText={input.trim().length < 2 ? 'Type a name, phone or bill number' : 'No registration found'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
          margin="dense"
        />
      )}
      sx={{ width: '100%' }}
    />
  );
};

/** The referring registration (an existing customer who brought this one). */
export const ReferringRegistrationInput = () => (
  <RegistrationSearchInput label="Referred by (existing customer)" helperText="Optional: search by name, phone or bill number." current="referring_registration" />
);
