import { ReactElement, ReactNode, useState } from 'react';
import { Box, Button, Drawer, Typography } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { FilterForm, SimpleList, useListContext, type RaRecord } from 'react-admin';
import { showRowClick } from '../routing';
import { visuallyHidden } from './visuallyHidden';

/** How many of the drawer's filters (by their sources) narrow the list; a search shown outside the drawer is not counted. */
export function activeFilterCount(values: Record<string, unknown> | undefined, sources: string[]): number {
  return [...new Set(sources)].filter((key) => {
    const v = values?.[key];
    return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length);
  }).length;
}

/**
 * On a phone, the list's filters behind one 'Filters (n)' button, in a drawer from the
 * bottom, one column, instead of a screen of inputs before the first row.
 */
export const PhoneFilterButton = ({ filters }: { filters: ReactElement[] }) => {
  const { filterValues } = useListContext();
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(
    filterValues,
    filters.map((f) => String((f.props as { source?: string }).source ?? '')),
  );
  return (
    <>
      <Button onClick={() => setOpen(true)} startIcon={<FilterListIcon />} aria-haspopup="dialog" size="small">
        {active ? `Filters (${active})` : 'Filters'}
      </Button>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { p: 2, maxHeight: '85vh' }, role: 'dialog', 'aria-label': 'Filters' } as object }}
      >
        <Typography variant="h6" component="h2">
          Filters
        </Typography>
        <Box
          sx={{ '& form': { flexDirection: 'column', alignItems: 'stretch' }, '& .MuiFormControl-root': { width: '100%', m: 0, mb: 1 } }}
        >
          <FilterForm filters={filters} />
        </Box>
        <Button variant="contained" fullWidth onClick={() => setOpen(false)}>
          Show results
        </Button>
      </Drawer>
    </>
  );
};

/**
 * A phone row's heading: the name, then its date on a line of its own below it. react-admin
 * floats the date beside the name with no gap, so a long name (a Devanagari one is wide) ran
 * into it ('सीता कुमारी थापा2083-08-11 BS'), on the screen and as a screen reader reads it;
 * the hidden comma keeps the two apart when read.
 */
export const PhoneRowHeading = ({ name, date }: { name: ReactNode; date: ReactNode }) => (
  <>
    <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
      {name}
      {date ? (
        <Box component="span" sx={visuallyHidden}>
          {', '}
        </Box>
      ) : null}
    </Box>
    {date ? (
      <Box component="span" sx={{ display: 'block', mt: 0.5, typography: 'body2', color: 'text.secondary' }}>
        {date}
      </Box>
    ) : null}
  </>
);

/** On a phone, a list's rows as short records (name, date, then the rest) that open the record's page. */
export const PhoneRows = <R extends RaRecord>({
  primary,
  secondary,
  tertiary,
}: {
  primary: (r: R) => ReactNode;
  secondary: (r: R) => ReactNode;
  tertiary: (r: R) => ReactNode;
}) => (
  <SimpleList<R>
    primaryText={(r) => <PhoneRowHeading name={primary(r)} date={tertiary(r)} />}
    secondaryText={secondary}
    rowClick={(id, resource) => showRowClick(id, resource)}
  />
);
