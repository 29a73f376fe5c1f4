import { DataTable, SearchInput, TopToolbar, useListContext } from 'react-admin';
import { List } from '../../components/List';
import { dateRangeFilters } from '../../components/dateRangeFilters';
import { DownloadButton } from '../../components/DownloadButton';
import { nepalDateTime } from '../../components/format';
import { SERVER_ORDER } from '../../components/listDefaults';
import { showRowClick } from '../../routing';
import { downloadQuery } from '../registration/registrationQuery';
import { bookingTypeLabel } from './bookingType';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search" />, ...dateRangeFilters('hour')];

/** Download saves TestRides.xlsx with the table's filters (from, to and the search box). */
const Actions = () => {
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <DownloadButton path="/test-ride/download" filename="TestRides.xlsx" query={downloadQuery(filterValues)} />
    </TopToolbar>
  );
};

/**
 * Test rides and bike bookings: From and To date-time pickers
 * in hourly steps, Download, and model, name, email, phone, state, district, city, branch,
 * type, registered date and referrer title. Any staff user; branch staff see their branch's
 * (the server scopes it).
 */
export const TestRideList = () => (
  <List
    title="Test Rides"
    filters={filters}
    sort={SERVER_ORDER}
    perPage={10}
    actions={<Actions />}
    empty={false}
  >
    <DataTable rowClick={showRowClick} bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 0.75, fontSize: '0.8125rem' } }}>
      <DataTable.Col source="bike_model.title" label="Model" render={(r) => r.bike_model?.title ?? '—'} />
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="email" label="Email" render={(r) => r.email || '—'} />
      <DataTable.Col source="phone" label="Phone" />
      <DataTable.Col source="state" label="State" />
      <DataTable.Col source="district" label="District" />
      <DataTable.Col source="city" label="City" />
      <DataTable.Col source="branch.title" label="Branch" render={(r) => r.branch?.title ?? '—'} />
      <DataTable.Col source="type" label="Type" render={(r) => bookingTypeLabel(r.type)} />
      <DataTable.Col source="created_at" label="Registered" render={(r) => nepalDateTime(r.created_at)} />
      <DataTable.Col source="referrer.title" label="Referrer" render={(r) => r.referrer?.title ?? '—'} />
    </DataTable>
  </List>
);
