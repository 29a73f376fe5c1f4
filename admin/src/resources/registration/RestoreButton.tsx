import { useState } from 'react';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { Button, useCanAccess, useDataProvider, useNotify, useRecordContext, useRedirect } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { takeServerMessage } from '../../providers/serverMessage';

/** Restores a deleted registration (delete-registration), then goes to /admin/registration. */
export const RestoreButton = () => {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: 'registration', action: 'delete' });
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const [busy, setBusy] = useState(false);
  if (!record || !canAccess) return null;
  const restore = async (e: React.MouseEvent) => {
    e.stopPropagation();
    setBusy(true);
    try {
      await dataProvider.send(`/registration/${encodeURIComponent(String(record.id))}/restore`, 'POST');
      notify(takeServerMessage('Registration restored.'), { type: 'success' });
      redirect('list', 'registration');
    } catch (error) {
      notify((error as Error).message || 'The registration could not be restored.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="Restore" onClick={restore} disabled={busy} aria-label={`Restore ${record.name ?? 'registration'}`}>
      <RestoreFromTrashIcon />
    </Button>
  );
};
