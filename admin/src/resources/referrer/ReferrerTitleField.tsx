import { FormEvent, useState } from 'react';
import { Box, IconButton, TextField as MuiTextField, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useCanAccess, useNotify, useRecordContext, useUpdate } from 'react-admin';
import { takeServerMessage } from '../../providers/serverMessage';

/**
 * A referrer's title, renamed in place by users with update-registration (POST
 * /referrer/{id}): the pencil opens a text box in the cell; Enter or the tick saves, Escape
 * or the cross cancels. The server's message shows in the toast, a field error under the box.
 */
export const ReferrerTitleField = () => {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: 'referrer', action: 'edit' });
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  if (!record) return null;

  const open = () => {
    setTitle(String(record.title ?? ''));
    setError(undefined);
    setEditing(true);
  };
  const save = (e?: FormEvent) => {
    e?.preventDefault();
    const next = title.trim();
    if (!next) return setError('The title field is required.');
    if (next === record.title) return setEditing(false);
    update(
      'referrer',
      { id: record.id, data: { title: next }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(takeServerMessage('Referrer updated.'), { type: 'success' });
          setEditing(false);
        },
        onError: (err) => {
          const e = err as { message?: string; body?: { errors?: Record<string, unknown> } };
          const field = e?.body?.errors?.title;
          setError(typeof field === 'string' ? field : undefined);
          notify(e?.message || 'The referrer could not be renamed.', { type: 'error' });
        },
      },
    );
  };

  if (!editing) {
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        {record.title}
        {canAccess && (
          <Tooltip title="Rename">
            <IconButton size="small" aria-label={`Rename ${record.title}`} onClick={open}>
              <EditIcon fontSize="inherit" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={save} sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.5 }}>
      <MuiTextField
        size="small"
        autoFocus
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
        error={!!error}
        helperText={error}
        disabled={isPending}
        slotProps={{ htmlInput: { maxLength: 100, 'aria-label': 'Referrer title' } }}
      />
      <IconButton type="submit" size="small" aria-label="Save title" disabled={isPending}>
        <CheckIcon fontSize="inherit" />
      </IconButton>
      <IconButton size="small" aria-label="Cancel" onClick={() => setEditing(false)} disabled={isPending}>
        <CloseIcon fontSize="inherit" />
      </IconButton>
    </Box>
  );
};
