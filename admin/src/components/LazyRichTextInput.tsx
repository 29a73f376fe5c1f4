import { lazy, Suspense } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import type { RichTextInputProps } from 'ra-input-rich-text';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

/**
 * A rich-text field whose editor (tiptap, about 135 KB gzipped) loads when the field is first
 * shown, not with the page's code: the rest of the form is usable meanwhile. The field's value
 * stays in the form while the editor loads, so nothing is lost or sent changed.
 */
export const LazyRichTextInput = (props: RichTextInputProps & { label: string }) => (
  <Suspense
    fallback={
      <Box sx={{ minHeight: 160, mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} aria-label={`Loading ${props.label}`} />
        <Typography variant="body2" color="text.secondary">
          {props.label}
        </Typography>
      </Box>
    }
  >
    <RichTextEditor {...props} />
  </Suspense>
);
