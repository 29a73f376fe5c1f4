import { useState } from 'react';
import SmsIcon from '@mui/icons-material/Sms';
import { Button, useDataProvider, useNotify, useRecordContext } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { takeServerMessage } from '../../providers/serverMessage';

/**
 * Sends the coupon SMS again (POST /registration/{slug}/notify), for a customer who lost
 * it; the server keeps its minute between sends and five a day, and answers why not.
 */
export const NotifyCouponButton = () => {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const send = async () => {
    setBusy(true);
    try {
      await dataProvider.send(`/registration/${encodeURIComponent(String(record.id))}/notify`, 'POST');
      notify(takeServerMessage('The coupon SMS has been sent again.'), { type: 'success' });
    } catch (error) {
      notify((error as Error).message || 'The coupon SMS could not be sent.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="Send Coupon SMS Again" onClick={send} disabled={busy} variant="outlined">
      <SmsIcon />
    </Button>
  );
};
