import { maxLength, TextInput } from 'react-admin';

/**
 * The Nepali twin of a name visitors read (a model's title, a showroom's location): optional,
 * typed in Nepali (the browser offers its Nepali keyboard and spelling), and empty means the
 * Nepali site shows the English one.
 */
export const NepaliTextInput = ({ source, label, max }: { source: string; label: string; max: number }) => (
  <TextInput
    source={source}
    label={`${label} (Nepali)`}
    validate={maxLength(max)}
    helperText="On the Nepali site; empty shows the English"
    slotProps={{ htmlInput: { lang: 'ne' } }}
    fullWidth
  />
);
