import { useState } from 'react';
import { Box, Button, FormHelperText, FormLabel, Stack } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import { useInput, useRecordContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { UploadedFile } from '../providers/dataProvider';
import { FilePickerDialog } from './FilePickerDialog';
import { imageUrl } from './Thumbnail';

export interface FilePickerInputProps {
  /** The form field that receives the chosen file id (or ids when multiple). */
  source: string;
  /** Where the record keeps the current image `{ url, thumbnail }`, for the preview. */
  previewSource?: string;
  label: string;
  type?: 'image' | 'file';
  multiple?: boolean;
  helperText?: string;
  /** Offers 'Remove', which clears the field (an optional image such as the notice). */
  removable?: boolean;
}

/**
 * A form input storing uploaded file ids: 'Select Image' opens the picker; the preview
 * shows the chosen file, or the record's current image until one is chosen.
 */
export const FilePickerInput = ({ source, previewSource, label, type = 'image', multiple = false, helperText, removable = false }: FilePickerInputProps) => {
  const record = useRecordContext();
  const { field, fieldState } = useInput({ source, defaultValue: multiple ? [] : undefined });
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<UploadedFile[] | null>(null);
  // The chosen image also replaces the form's preview value, so a preview of the form shows it.
  const form = useFormContext();
  const showInForm = (file: UploadedFile | null) => {
    if (previewSource) form.setValue(previewSource, file ? { url: file.url, thumbnail: file.thumbnail } : null);
  };

  const removed = field.value === null && !picked;
  const previews: string[] = removed
    ? []
    : picked
    ? picked.map((f) => f.thumbnail || f.url)
    : ([imageUrl(previewSource ? record?.[previewSource] : undefined, 'thumbnail')].filter(Boolean) as string[]);

  const onSelect = (files: UploadedFile[]) => {
    setPicked(files);
    field.onChange(multiple ? files.map((f) => f.id) : (files[0]?.id ?? null));
    if (!multiple) showInForm(files[0] ?? null);
    field.onBlur();
    setOpen(false);
  };

  const error = fieldState.error?.message;
  return (
    <Box sx={{ my: 1 }}>
      <FormLabel component="legend" sx={{ mb: 1 }} error={!!error}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {previews.map((src) => (
          <Box key={src} component="img" src={src} alt={`${label} preview`} sx={{ height: 80, borderRadius: 1, border: 1, borderColor: 'divider' }} />
        ))}
        <Button variant="outlined" startIcon={<ImageIcon />} onClick={() => setOpen(true)}>
          {type === 'image' ? 'Select Image' : 'Select File'}
        </Button>
        {removable && previews.length > 0 && (
          <Button
            onClick={() => {
              setPicked(null);
              field.onChange(null);
              showInForm(null);
              field.onBlur();
            }}
          >
            Remove
          </Button>
        )}
      </Stack>
      {(error || helperText) && <FormHelperText error={!!error}>{error ?? helperText}</FormHelperText>}
      <FilePickerDialog open={open} type={type} multiple={multiple} onClose={() => setOpen(false)} onSelect={onSelect} />
    </Box>
  );
};
