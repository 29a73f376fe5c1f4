import { rupees } from '@campaign/domain';
import { CreateButton, DataTable, List, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import { SERVER_ORDER } from '../../components/listDefaults';
import { showRowClick } from '../../routing';
import { VIDEO_PRIZE_FILTER } from './videoPrizes';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search" />,
  <SelectInput key="amount" source="amount" label="Prize" choices={VIDEO_PRIZE_FILTER} emptyText="All" alwaysOn />,
];

/** Winner videos: prize filter (All, 100000, 1000000) sent as amount=; title, registration id, amount. */
export const VideoList = () => (
  <List
    title="Winners"
    filters={filters}
    sort={SERVER_ORDER}
    perPage={10}
    actions={
      <TopToolbar>
        <CreateButton />
      </TopToolbar>
    }
  >
    <DataTable rowClick={showRowClick} bulkActionButtons={false}>
      <DataTable.Col source="title" label="Title" />
      <DataTable.Col source="registration_id" label="Registration Id" disableSort />
      <DataTable.Col source="amount" label="Amount" disableSort render={(r) => (r.amount ? rupees(r.amount) : '')} />
    </DataTable>
  </List>
);
