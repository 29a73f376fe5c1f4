import { rupees } from '@campaign/domain';
import PrintIcon from '@mui/icons-material/Print';
import { Button, DataTable, TopToolbar, useGetIdentity, useListContext } from 'react-admin';
import type { ReactElement } from 'react';
import { DownloadButton } from '../../components/DownloadButton';
import { List } from '../../components/List';
import { PhoneFilterButton, PhoneRows } from '../../components/PhoneList';
import { useIsPhone } from '../../components/useIsPhone';
import { nepalDateTime } from '../../components/format';
import { SERVER_ORDER } from '../../components/listDefaults';
import type { Identity } from '../../providers/authProvider';
import { ADMIN_BASE } from '../../paths';
import { showRowClick } from '../../routing';
import { paymentModeLabel, useRegistrationFilters } from './registrationFilters';
import { downloadQuery, filtersToQuery } from './registrationQuery';
import { registrationColumns } from './registrationColumns';
import { registrationLine } from './registrationLine';
import { StatCards } from './StatCards';

/** Print opens /admin/print with the same filters in a new tab; Download saves Registrations.xlsx. */
const Actions = ({ phoneFilters }: { phoneFilters?: ReactElement[] }) => {
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      {phoneFilters && <PhoneFilterButton filters={phoneFilters} />}
      <Button label="Print" onClick={() => window.open(`${ADMIN_BASE}/print?${filtersToQuery(filterValues)}`, '_blank')}>
        <PrintIcon />
      </Button>
      <DownloadButton path="/registration/download" filename="Registrations.xlsx" query={downloadQuery(filterValues)} />
    </TopToolbar>
  );
};

/**
 * The registered list and dashboard: the three stat cards, the filters,
 * Print and Download, and 10 rows a page of Bill No, Name, Bike Model, (head office:
 * Branch, City), Registered, Payment, Register Prize, Buy Prize.
 */
export const RegistrationList = ({ title = 'Customers' }: { title?: string }) => {
  const { identity } = useGetIdentity();
  const isAdmin = !!(identity as Identity | undefined)?.isAdmin;
  const filters = useRegistrationFilters();
  const isPhone = useIsPhone();
  return (
    <>
      <StatCards />
      <List
        resource="registration"
        title={title}
        filters={isPhone ? undefined : filters}
        sort={SERVER_ORDER}
        perPage={10}
        actions={<Actions phoneFilters={isPhone ? filters : undefined} />}
        empty={false}
      >
        {isPhone ? (
          <PhoneRows
            primary={(r) => r.name}
            secondary={(r) => registrationLine(r)}
            tertiary={(r) => nepalDateTime(r.created_at)}
          />
        ) : (
          <DataTable rowClick={showRowClick} bulkActionButtons={false}>
            {registrationColumns(isAdmin)}
            <DataTable.Col source="payment_mode" label="Payment" render={(r) => paymentModeLabel(r.payment_mode)} />
            <DataTable.Col source="preregistration.prize" label="Register Prize" render={(r) => rupees(r.preregistration?.prize)} />
            <DataTable.Col source="coupon_amount" label="Buy Prize" render={(r) => rupees(r.coupon_amount)} />
          </DataTable>
        )}
      </List>
    </>
  );
};
