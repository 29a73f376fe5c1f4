import { Box, Typography } from '@mui/material';
import { DataTable, List, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { dateRangeFilters } from '../../components/dateRangeFilters';
import { nepalDateTime } from '../../components/format';
import { SERVER_ORDER } from '../../components/listDefaults';

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
      {JSON.stringify(record.fields ?? {}, null, 2)}
    </Box>
  );
};

/**
 * The audit trail (head office only: isAdmin with read-user): every staff write and every
 * export, newest first, filtered by user email, resource and From/To (Nepal time). A row
 * opens to show the fields sent, as JSON.
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
      <DataTable.Col source="action" label="Action" />
      <DataTable.Col source="resource" label="Resource" />
      <DataTable.Col source="record_key" label="Record" disableSort render={(r) => r.record_key ?? '—'} />
      <DataTable.Col source="status" label="Status" disableSort />
    </DataTable>
  </List>
);
