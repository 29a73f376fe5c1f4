import { Typography } from '@mui/material';
import { DataTable, RaRecord } from 'react-admin';
import { List } from '../../components/List';
import { nepalDateTime } from '../../components/format';
import { SERVER_ORDER } from '../../components/listDefaults';
import { SMS_TYPE_CHOICES } from './smsRecipients';

/** While any batch on the page still has queued messages, the list is read again this often. */
export const BATCH_REFRESH_MS = 10_000;

const typeLabel = (type: unknown) => SMS_TYPE_CHOICES.find((c) => c.id === type)?.name ?? String(type ?? '');

/** Whether the worker still has messages of these batches to deliver. */
export const anyQueued = (rows: readonly RaRecord[] | undefined) => !!rows?.some((b) => Number(b.queued) > 0);

const short = (text: unknown, max = 90) => {
  const s = typeof text === 'string' ? text : '';
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

/**
 * The bulk sends (GET /sms), newest first, with how many of their messages are queued
 * (waiting or with the gateway), sent and failed. Refreshed every 10 s while any is queued.
 */
export const SmsBatchList = () => (
  <>
    <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
      Sent messages
    </Typography>
    <List
      resource="sms"
      title={false}
      sort={SERVER_ORDER}
      perPage={10}
      actions={false}
      empty={false}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{
        refetchInterval: (query: { state: { data?: { data?: RaRecord[] } } }) =>
          anyQueued(query.state.data?.data) ? BATCH_REFRESH_MS : false,
      }}
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 2 }}>No message has been sent yet.</Typography>}>
        <DataTable.Col source="created_at" label="Sent at" render={(r) => nepalDateTime(r.created_at)} />
        <DataTable.Col source="type" label="Category" render={(r) => typeLabel(r.type)} />
        <DataTable.Col source="text" label="Message" render={(r) => <span title={r.text}>{short(r.text)}</span>} />
        <DataTable.NumberCol source="recipients_count" label="Recipients" />
        <DataTable.NumberCol source="segments" label="SMS each" />
        <DataTable.NumberCol source="queued" label="Queued" disableSort />
        <DataTable.NumberCol source="sent" label="Sent" disableSort />
        <DataTable.NumberCol source="failed" label="Failed" disableSort />
        <DataTable.Col source="created_by.name" label="By" disableSort render={(r) => r.created_by?.name ?? '—'} />
      </DataTable>
    </List>
  </>
);
