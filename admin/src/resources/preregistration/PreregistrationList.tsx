import { rupees } from '@campaign/domain';
import { KeyboardEvent, ReactElement, useEffect, useState } from 'react';
import { Box, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { CreateButton, DataTable, SelectInput, useGetIdentity, useListContext } from 'react-admin';
import { List } from '../../components/List';
import { dateRangeFilters } from '../../components/dateRangeFilters';
import { useBikeModelFilter, useBranchFilter } from '../../components/bikeModelFilter';
import { toChoices, useCampaignSettings } from '../../components/useCampaignSettings';
import { downloadQuery } from '../registration/registrationQuery';
import { DownloadButton } from '../../components/DownloadButton';
import { PhoneFilterButton, PhoneRows } from '../../components/PhoneList';
import { useIsPhone } from '../../components/useIsPhone';
import { staffDate } from '../../components/format';
import { phoneDigits } from '../../components/inputFilters';
import { SERVER_ORDER } from '../../components/listDefaults';
import type { Identity } from '../../providers/authProvider';
import { showRowClick } from '../../routing';
import { preregistrationLine } from './preregistrationLine';

export const PHONE_SEARCH_LABEL = 'Search for Phone Number and Press Enter';

/** The phone search: applied when Enter is pressed, sent as ?phone=. */
const PhoneSearch = () => {
  const { filterValues, setFilters } = useListContext();
  const [value, setValue] = useState<string>(filterValues.phone ?? '');
  useEffect(() => setValue(filterValues.phone ?? ''), [filterValues.phone]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const { phone: _old, ...rest } = filterValues;
    setFilters(value ? { ...rest, phone: value } : rest, undefined, false);
  };
  return (
    <TextField
      label={PHONE_SEARCH_LABEL}
      value={value}
      onChange={(e) => setValue(phoneDigits(e.target.value) ?? '')}
      onKeyDown={onKeyDown}
      size="small"
      type="search"
      sx={{ minWidth: { xs: '100%', sm: 360 } }}
      slotProps={{
        htmlInput: { inputMode: 'numeric' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};

const ListActions = ({ phoneFilters }: { phoneFilters?: ReactElement[] }) => {
  const { filterValues } = useListContext();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, width: '100%', py: 1 }}>
      <PhoneSearch />
      {phoneFilters && <PhoneFilterButton filters={phoneFilters} />}
      <Box sx={{ flex: 1 }} />
      <CreateButton />
      <DownloadButton path="/preregistration/download" filename="Preregistrations.xlsx" query={downloadQuery(filterValues)} />
    </Box>
  );
};

/**
 * The filters the table and the download take: bike model, branch (head
 * office only; 'Public enquiries' are those without one), from/to (Nepal time, by the
 * hour) and the prize ('Not drawn' for none yet). The phone search sits in the actions.
 */
function usePreregistrationFilters() {
  const branchFilter = useBranchFilter('Public enquiries');
  const bikeModel = useBikeModelFilter();
  const { settings } = useCampaignSettings();
  return [
    bikeModel,
    ...branchFilter,
    ...dateRangeFilters('hour'),
    <SelectInput
      key="prize"
      source="prize"
      label="Register Prize"
      choices={[{ id: 'none', name: 'Not drawn' }, ...toChoices(settings.options.pre_prizes, rupees)]}
      emptyText="All"
      alwaysOn
    />,
  ];
}

/**
 * 'Pre-Registration', the pre-registration list: Name, Phone, (head office:
 * Branch, Nearest Branch), Registered (the Nepal date), Bike, Register Prize. Create needs
 * create-preregistration (permissions.ts); Download saves Preregistrations.xlsx with the
 * list's filters and phone search.
 */
export const PreregistrationList = () => {
  const { identity } = useGetIdentity();
  const isAdmin = !!(identity as Identity | undefined)?.isAdmin;
  const filters = usePreregistrationFilters();
  const isPhone = useIsPhone();
  return (
    <List
      title="Pre-Registration"
      filters={isPhone ? undefined : filters}
      sort={SERVER_ORDER}
      perPage={10}
      actions={<ListActions phoneFilters={isPhone ? filters : undefined} />}
      empty={false}
    >
      {isPhone ? (
        <PhoneRows
          primary={(r) => r.name}
          secondary={preregistrationLine}
          tertiary={(r) => staffDate(r.created_at)}
        />
      ) : (
        <DataTable rowClick={showRowClick} bulkActionButtons={false}>
          <DataTable.Col source="name" label="Name" />
          <DataTable.Col source="phone" label="Phone" />
          {isAdmin && <DataTable.Col source="branch.title" label="Branch" render={(r) => r.branch?.title ?? 'Public'} />}
          {isAdmin && <DataTable.Col source="nearest_branch.title" label="Nearest Branch" render={(r) => r.nearest_branch?.title ?? '—'} />}
          <DataTable.Col source="created_at" label="Registered" render={(r) => staffDate(r.created_at)} />
          <DataTable.Col source="bike_model.title" label="Bike" render={(r) => r.bike_model?.title ?? '—'} />
          <DataTable.Col source="prize" label="Register Prize" render={(r) => (r.prize == null ? '—' : rupees(r.prize))} />
        </DataTable>
      )}
    </List>
  );
};
