import { Box } from '@mui/material';
import { type ReactNode, useDeferredValue } from 'react';
import { ListContextProvider, List as RaList, type ListProps, Pagination, useListContext } from 'react-admin';

/** Rows that are not the list's answer to its filters, page or order: faded in, not to be opened. */
const STALE = { opacity: 0.5, pointerEvents: 'none', transition: 'opacity 0.15s 0.1s' } as const;

/**
 * The list's rows (or its page links) drawn from its context one render behind, in a
 * transition. With `fade`, until they answer the list's current filters, page and order (the
 * new answer is on its way, and react-admin shows the previous one meanwhile, or it has
 * arrived and is being drawn) they are marked busy and faded, and a tap cannot open a record
 * the new filters left out. The page links are not wrapped: react-admin draws a placeholder
 * bar in their place until the first answer, which the rows then push down, and a wrapper kept
 * across that change would count as moved (CLS 0.05 on every list).
 */
const Rows = ({ children, fade = false, count = false }: { children: ReactNode; fade?: boolean; count?: boolean }) => {
  const current = useListContext();
  const deferred = useDeferredValue(current);
  // A list whose read failed has no count: react-admin's page links would make one up from the
  // page size ('1-10 of 10' under an empty table), or keep the count of an earlier answer.
  if (count && current.error != null) return null;
  const rows = <ListContextProvider value={deferred}>{children}</ListContextProvider>;
  if (!fade) return rows;
  const stale = deferred !== current || !!current.isPlaceholderData;
  return (
    <Box aria-busy={stale} sx={stale ? STALE : undefined}>
      {rows}
    </Box>
  );
};

/**
 * A list that could not be read is logged, not toasted: react-admin's default is an 'Oops!'
 * toast on every failed read, including the background re-reads, over whatever the user is
 * doing. A 401 still signs the user out: react-admin's data provider hands every failure to the
 * auth provider's checkError before this runs.
 */
const logListError = (error: unknown) => console.error('A list could not be loaded:', error);

/**
 * react-admin's List, with its rows and its page links drawn as a transition. A list's answer
 * arrives through react-query, whose updates React must render at once, in one task: ten rows
 * of a list took 150-200 ms of a phone's CPU (Lighthouse's 4x slowdown) in one piece, during
 * which a tap waits. Drawn from a deferred copy of the list's context, the rows render in
 * slices React can interrupt; the page links come in the same render as the rows, so nothing
 * moves when they arrive. Every list of the admin is this one.
 */
export const List = ({ children, pagination = <Pagination />, queryOptions, ...props }: ListProps) => (
  <RaList
    {...props}
    queryOptions={{ onError: logListError, ...queryOptions }}
    pagination={pagination === false ? false : <Rows count>{pagination}</Rows>}
  >
    <Rows fade>{children}</Rows>
  </RaList>
);
