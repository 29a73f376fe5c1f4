import { CreateButton, DataTable, List, SearchInput, TopToolbar } from 'react-admin';
import { SERVER_ORDER } from '../../components/listDefaults';
import { showRowClick } from '../../routing';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search" />];

/** Bike models: title (SPEC section 2 "Bike model"). */
export const BikeModelList = () => (
  <List
    title="Bike Models"
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
    </DataTable>
  </List>
);
