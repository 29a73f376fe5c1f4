import { rupees } from '@campaign/domain';
import { DataTable, SelectInput } from 'react-admin';
import { CatalogueList, SEARCH_FILTER } from '../../components/CatalogueList';
import { VIDEO_PRIZE_FILTER } from './videoPrizes';

const filters = [
  SEARCH_FILTER,
  <SelectInput key="amount" source="amount" label="Prize" choices={VIDEO_PRIZE_FILTER} emptyText="All" alwaysOn />,
];

/** Winner videos: prize filter (All, 100000, 1000000) sent as amount=; title, registration id, amount. */
export const VideoList = () => (
  <CatalogueList title="Winners" filters={filters}>
    <DataTable.Col source="title" label="Title" />
    <DataTable.Col source="registration_id" label="Registration Id" disableSort />
    <DataTable.Col source="amount" label="Amount" disableSort render={(r) => (r.amount ? rupees(r.amount) : '')} />
  </CatalogueList>
);
