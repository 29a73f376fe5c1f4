import { SelectInput } from 'react-admin';
import { useApiList } from './useApiList';

/** The 'Bike Model' filter of the pre-registration and customer lists: every model, 'All' for none. */
export function useBikeModelFilter() {
  const bikeModels = useApiList<{ id: number; title: string }>('/bike-model', { all: '1' });
  return <SelectInput key="bike_model" source="bike_model" label="Bike Model" choices={bikeModels.data} optionText="title" emptyText="All" alwaysOn />;
}
