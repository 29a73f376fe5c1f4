import { prizeLabel } from '@campaign/domain';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { Button, DataTable, TopToolbar, useCanAccess } from 'react-admin';
import { List } from '../../components/List';
import { DeleteWithConfirm } from '../../components/DeleteWithConfirm';
import { dateRangeFilters } from '../../components/dateRangeFilters';
import { SERVER_ORDER } from '../../components/listDefaults';
import { useBranchFilter } from '../../components/bikeModelFilter';
import { ADMIN_BASE } from '../../paths';
import { staffDate } from '../../components/format';
import { typeLabel } from './allocationChoices';

/**
 * The scheme's filters: Branch (head office only: a branch user's list is their branch's, the
 * server scopes it; 'None' is the public stock, which has no branch) and From/To, the days the
 * allocations are for (Nepal days, each with its BS twin).
 */
function useAllocationFilters() {
  return [...useBranchFilter('None'), ...dateRangeFilters('day')];
}

const Actions = () => {
  const { canAccess } = useCanAccess({ resource: 'allocation', action: 'create' });
  return (
    <TopToolbar>
      {canAccess && (
        <Button component={Link} to={`${ADMIN_BASE}/scheme/create`} label="Create">
          <AddIcon />
        </Button>
      )}
    </TopToolbar>
  );
};

/**
 * /admin/scheme (manage-allocation): the prize scheme, type, branch or None, date,
 * probability, count, remaining and amount, filtered by branch and by From/To days (a campaign's
 * scheme runs to hundreds of rows); Delete behind 'Are you sure?' stays on the list.
 * A day whose scheme is committed (from 22:00 the evening before, docs/fairness.md) shows
 * 'Committed' and has no Delete: the server refuses any change to it.
 */
export const AllocationList = () => {
  const filters = useAllocationFilters();
  return (
    <List resource="allocation" title="Scheme" filters={filters} sort={SERVER_ORDER} perPage={10} actions={<Actions />} empty={false}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="type" label="Type" render={(r) => typeLabel(r.type)} />
        <DataTable.Col source="branch.title" label="Branch" render={(r) => r.branch?.title ?? 'None'} />
        <DataTable.Col source="date" label="Date" render={(r) => staffDate(r.date)} />
        <DataTable.Col source="probability" label="Probability" render={(r) => `${r.probability}%`} />
        <DataTable.Col source="count" label="Count" />
        <DataTable.Col source="remaining" label="Remaining" />
        <DataTable.Col source="amount" label="Amount" render={(r) => prizeLabel(r.amount)} />
        <DataTable.Col label="Status" disableSort render={(r) => (r.frozen ? 'Committed' : 'Open')} />
        <DataTable.Col label="Actions" disableSort render={(r) => (r.frozen ? null : <DeleteWithConfirm redirectTo={false} />)} />
      </DataTable>
    </List>
  );
};
