import type { ReactElement } from 'react';
import { SelectInput } from 'react-admin';
import { useApiList } from './useApiList';

/**
 * The 'Branch' filter of a list for head office, `none` naming the rows without a branch
 * (`branch=public`: public enquiries, the public stock); none for branch users, whose lists
 * the server scopes to their branch.
 */
export function useBranchFilter(isAdmin: boolean, none: string): ReactElement[] {
  const branches = useApiList<{ id: number | string; title: string }>('/branches');
  if (!isAdmin) return [];
  return [
    <SelectInput key="branch" source="branch" label="Branch" choices={[{ id: 'public', title: none }, ...branches.data]} optionText="title" emptyText="All" alwaysOn />,
  ];
}

/** The 'Bike Model' filter of the pre-registration and customer lists: every model, 'All' for none. */
export function useBikeModelFilter() {
  const bikeModels = useApiList<{ id: number; title: string }>('/bike-model', { all: '1' });
  return <SelectInput key="bike_model" source="bike_model" label="Bike Model" choices={bikeModels.data} optionText="title" emptyText="All" alwaysOn />;
}
