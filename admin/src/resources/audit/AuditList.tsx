import { Box, Link, Typography } from '@mui/material';
import { DataTable, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { List } from '../../components/List';
import { dateRangeFilters } from '../../components/dateRangeFilters';
import { nepalDateTime } from '../../components/format';
import { SERVER_ORDER } from '../../components/listDefaults';
import { recordPath } from '../../routing';

/** The API's resources that staff write to (the first path segment the trail records). */
export const AUDIT_RESOURCES = [
  'allocation',
  'auth',
  'bike-model',
  'branch',
  'preregistration',
  'referrer',
  'registration',
  'setting',
  'sms',
  'test-ride',
  'upload',
  'user',
  'video',
].map((id) => ({ id, name: id }));

/** The trail's resources that have a detail page, where the touched record opens. */
const WITH_DETAIL = new Set(['preregistration', 'registration', 'branch', 'user', 'bike-model', 'video', 'test-ride']);

/** The record the action touched: a link to its page where it has one (a deleted record's page says so). */
const RecordCell = ({ resource, recordKey }: { resource: string; recordKey: string | null }) => {
  if (!recordKey) return <>—</>;
  if (!WITH_DETAIL.has(resource)) return <>{recordKey}</>;
  return (
    <Link href={recordPath(resource, recordKey)} onClick={(e) => e.stopPropagation()}>
      {recordKey}
    </Link>
  );
};

const filters = [
  <TextInput key="user" source="user" label="User email" type="email" alwaysOn helperText={false} />,
  <SelectInput key="resource" source="resource" label="Resource" choices={AUDIT_RESOURCES} emptyText="All" alwaysOn helperText={false} />,
  ...dateRangeFilters('hour'),
];

/** The expanded row: the fields the request sent (secrets are redacted by the server). */
const FieldsPanel = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box
      component="pre"
      aria-label={`Fields sent with ${record.action}`}
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'grey.100',
        borderRadius: 1,
        fontSize: 13,
        overflowX: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {`${record.action}\n${JSON.stringify(record.fields ?? {}, null, 2)}`}
    </Box>
  );
};

/**
 * The audit trail (head office only: isAdmin with read-user): every staff write and every
 * export, newest first, filtered by user email, resource and From/To (Nepal time). The
 * action reads in words ('Deleted an allocation', the server's `summary`) with the record it
 * touched linked to its page; a row opens to show the recorded method, route and fields.
 */
export const AuditList = () => (
  <List resource="audit" title="Audit Trail" filters={filters} sort={SERVER_ORDER} perPage={10} actions={false} empty={false}>
    <DataTable
      bulkActionButtons={false}
      rowClick="expand"
      expand={<FieldsPanel />}
      empty={<Typography sx={{ p: 2 }}>No entry matches these filters.</Typography>}
    >
      <DataTable.Col source="created_at" label="Time" render={(r) => nepalDateTime(r.created_at)} />
      <DataTable.Col source="user_email" label="User" />
      <DataTable.Col source="action" label="Action" render={(r) => r.summary ?? r.action} />
      <DataTable.Col source="resource" label="Resource" />
      <DataTable.Col source="record_key" label="Record" disableSort render={(r) => <RecordCell resource={r.resource} recordKey={r.record_key ?? null} />} />
      <DataTable.Col source="status" label="Status" disableSort />
    </DataTable>
  </List>
);
