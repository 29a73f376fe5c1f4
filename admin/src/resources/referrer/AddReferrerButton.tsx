import { FormEvent, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { TopToolbar, useCanAccess, useCreate, useNotify, useRefresh } from 'react-admin';
import { takeServerMessage } from '../../providers/serverMessage';

type Errors = { title?: string; utm_source?: string };

/**
 * Head office adds a traffic source to the referrer report (POST /referrer): the utm_source its
 * links carry and a title. Until a source is added, visits carrying it count under "other".
 */
export const AddReferrerButton = () => {
  const { canAccess } = useCanAccess({ resource: 'referrer', action: 'create' });
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [source, setSource] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!canAccess) return null;

  const close = () => {
    setOpen(false);
    setTitle('');
    setSource('');
    setErrors({});
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!title.trim()) next.title = 'The title field is required.';
    if (!source.trim()) next.utm_source = 'The utm source field is required.';
    setErrors(next);
    if (next.title || next.utm_source) return;
    create(
      'referrer',
      { data: { title: title.trim(), utm_source: source.trim() } },
      {
        onSuccess: () => {
          notify(takeServerMessage('Referrer created.'), { type: 'success' });
          close();
          refresh();
        },
        onError: (err) => {
          const body = (err as { body?: { errors?: Record<string, unknown> } })?.body;
          const field = (name: keyof Errors) => {
            const v = body?.errors?.[name];
            return typeof v === 'string' ? v : Array.isArray(v) ? String(v[0]) : undefined;
          };
          setErrors({ title: field('title'), utm_source: field('utm_source') });
          notify((err as { message?: string })?.message || 'The source could not be added.', { type: 'error' });
        },
      },
    );
  };

  return (
    <TopToolbar>
      <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        Add Source
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="add-referrer-title">
        <form noValidate onSubmit={save}>
          <DialogTitle id="add-referrer-title">Add a Traffic Source</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
            <TextField
              label="Source (utm_source)"
              value={source}
              onChange={(e) => setSource(e.target.value)}
              error={!!errors.utm_source}
              helperText={errors.utm_source ?? 'As the links carry it: letters, digits, dots, underscores and hyphens.'}
              disabled={isPending}
              autoFocus
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label="Title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              error={!!errors.title}
              helperText={errors.title}
              disabled={isPending}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isPending}>
              Add
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </TopToolbar>
  );
};
