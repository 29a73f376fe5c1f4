import { ReactNode, useId, useState } from 'react';
import { Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';

/** A titled block of a detail page ('Customer Details') as a description list. */
export const DetailSection = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 240px) 1fr' },
            columnGap: 2,
            rowGap: { xs: 0.25, sm: 1 },
            m: 0,
            '& dt': { color: 'text.secondary', fontWeight: 500 },
            '& dd': { m: 0, mb: { xs: 1, sm: 0 }, wordBreak: 'break-word' },
          }}
        >
          {children}
        </Box>
      </CardContent>
    </Card>
  );
};

/** One label and value; an empty value shows a dash. */
export const DetailRow = ({ label, children }: { label: string; children?: ReactNode }) => (
  <>
    <dt>{label}</dt>
    <dd>{children === null || children === undefined || children === '' ? '—' : children}</dd>
  </>
);

/**
 * A screenshot proof: a thumbnail button that opens the image large in a dialog with Close
 * (the screenshot is the customer's proof of sharing).
 */
export const ScreenshotProof = ({ url, thumbnail, alt = 'Screenshot proof' }: { url: string; thumbnail?: string | null; alt?: string }) => {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Box
        component="button"
        type="button"
        onClick={() => setOpen(true)}
        aria-label="View screenshot proof"
        sx={{ p: 0, border: 1, borderColor: 'divider', borderRadius: 1, cursor: 'zoom-in', background: 'none', display: 'block', mt: 0.5 }}
      >
        <Box component="img" src={thumbnail || url} alt={alt} sx={{ display: 'block', maxHeight: 120, maxWidth: 200, borderRadius: 1 }} />
      </Box>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Screenshot proof</DialogTitle>
        <DialogContent>
          <Box component="img" src={url} alt={alt} sx={{ display: 'block', maxWidth: '100%', maxHeight: '80vh', mx: 'auto' }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/** 'Yes' / 'No' for a boolean (or 0/1) flag. */
export const yesNo = (v: unknown) => (v === true || v === 1 || v === '1' ? 'Yes' : 'No');
