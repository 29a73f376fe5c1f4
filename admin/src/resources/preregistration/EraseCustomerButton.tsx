import { useState } from 'react';
import { Button } from '@mui/material';
import { Confirm, useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { takeServerMessage } from '../../providers/serverMessage';
import { Permission } from '@campaign/domain';

export const ERASE_CONFIRM_TITLE = 'Erase this customer’s personal data?';
export const ERASE_CONFIRM_CONTENT =
  'Name, phone, email, address, citizenship number, vehicle numbers and the screenshot are removed for good, here and in the purchase, test rides and SMS. The prize and draw stay under a pseudonym.';

/**
 * Erasure on a customer's request (POST /preregistration/{slug}/erase): only for the Super
 * Admin, who alone holds both update-user and update-settings; hidden once erased.
 */
export const EraseCustomerButton = () => {
  const record = useRecordContext();
  const { permissions } = usePermissions<string[]>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const allowed = !!permissions?.includes(Permission.UpdateUser) && !!permissions?.includes(Permission.UpdateSettings);
  if (!record || !allowed || record.erased_at) return null;
  const erase = async () => {
    setBusy(true);
    try {
      await dataProvider.send(`/preregistration/${encodeURIComponent(String(record.id))}/erase`, 'POST');
      notify(takeServerMessage('The customer’s personal data was erased.'), { type: 'success' });
      setOpen(false);
      refresh();
    } catch (err) {
      notify((err as { message?: string }).message || 'The customer could not be erased.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        Erase Personal Data
      </Button>
      <Confirm isOpen={open} loading={busy} title={ERASE_CONFIRM_TITLE} content={ERASE_CONFIRM_CONTENT} onConfirm={erase} onClose={() => setOpen(false)} />
    </>
  );
};
