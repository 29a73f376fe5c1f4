import { DataTable } from 'react-admin';
import { CatalogueList } from '../../components/CatalogueList';

/** Bike models: title. */
export const BikeModelList = () => (
  <CatalogueList title="Bike Models">
    <DataTable.Col source="title" label="Title" />
  </CatalogueList>
);
