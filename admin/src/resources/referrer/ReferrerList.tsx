import { DataTable, SearchInput } from 'react-admin';
import { List } from '../../components/List';
import { dateRangeFilters } from '../../components/dateRangeFilters';
import { AddReferrerButton } from './AddReferrerButton';
import { ReferrerSourceField } from './ReferrerSourceField';
import { ReferrerTitleField } from './ReferrerTitleField';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search" />, ...dateRangeFilters('day')];

/**
 * The referrer report (read-registration; docs/decisions.md, "Referrer report"): each traffic
 * source's title, referrals_count (purchases), preregistrations_count (#19: a customer's share
 * link `ref-<code>` brings friends' pre-registrations; verified ones only, one per phone) and
 * test_rides_count within From/To (Nepal days); branch staff count their branch's. The title is
 * renamed in place, and head office adds sources (update-registration). A utm_source the report
 * does not know counts under the one "other" row, which lists the values (issue #32).
 */
export const ReferrerList = () => (
  <List
    resource="referrer"
    title="Referrer Report"
    filters={filters}
    sort={{ field: 'title', order: 'ASC' }}
    perPage={10}
    actions={<AddReferrerButton />}
    empty={false}
  >
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="title" label="Title">
        <ReferrerTitleField />
      </DataTable.Col>
      <DataTable.Col source="utm_source" label="Source">
        <ReferrerSourceField />
      </DataTable.Col>
      <DataTable.NumberCol source="referrals_count" label="Referrals" />
      <DataTable.NumberCol source="preregistrations_count" label="Pre-registrations" />
      <DataTable.NumberCol source="test_rides_count" label="Test Rides" />
    </DataTable>
  </List>
);
