import type { ReactElement, ReactNode } from 'react';
import { CreateButton, DataTable, SearchInput, TopToolbar } from 'react-admin';
import { List } from './List';
import { showRowClick } from '../routing';
import { SERVER_ORDER } from './listDefaults';

/** The search box every catalogue list starts with. */
export const SEARCH_FILTER = <SearchInput key="q" source="q" alwaysOn placeholder="Search" />;

/**
 * A catalogue list (dealers, dealer users, bike models, winners): a search (and the list's
 * own filters), Create (and any other `actions`), the server's order, 10 rows a page, a row
 * opening its record.
 */
export const CatalogueList = ({
  title,
  filters = [SEARCH_FILTER],
  actions,
  children,
}: {
  title: string;
  filters?: ReactElement[];
  actions?: ReactNode;
  children: ReactNode;
}) => (
  <List
    title={title}
    filters={filters}
    sort={SERVER_ORDER}
    perPage={10}
    actions={
      <TopToolbar>
        <CreateButton />
        {actions}
      </TopToolbar>
    }
  >
    <DataTable rowClick={showRowClick} bulkActionButtons={false}>
      {children}
    </DataTable>
  </List>
);
