import type { ReactElement } from 'react';
import { SelectInput, useGetIdentity } from 'react-admin';
import type { Identity } from '../providers/authProvider';
import { useApiList } from './useApiList';

/**
 * The 'Branch' filter of a list, for head office only (a branch user's lists are scoped to
 * their branch by the server); `none`, when the table has rows without a branch, names them
 * (`branch=public`: public enquiries, the public stock).
 */
export function useBranchFilter(none?: string): ReactElement[] {
  const { identity } = useGetIdentity();
  const branches = useApiList<{ id: number | string; title: string }>('/branches');
  if (!(identity as Identity | undefined)?.isAdmin) return [];
  const choices = none ? [{ id: 'public', title: none }, ...branches.data] : branches.data;
  return [<SelectInput key="branch" source="branch" label="Branch" choices={choices} optionText="title" emptyText="All" alwaysOn />];
}

/** The 'Bike Model' filter of the pre-registration and customer lists: every model, 'All' for none. */
export function useBikeModelFilter() {
  const bikeModels = useApiList<{ id: number; title: string }>('/bike-model', { all: '1' });
  return <SelectInput key="bike_model" source="bike_model" label="Bike Model" choices={bikeModels.data} optionText="title" emptyText="All" alwaysOn />;
}
