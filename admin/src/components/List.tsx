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
const Rows = ({ children, fade = false }: { children: ReactNode; fade?: boolean }) => {
  const current = useListContext();
  const deferred = useDeferredValue(current);
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
 * react-admin's List, with its rows and its page links drawn as a transition. A list's answer
 * arrives through react-query, whose updates React must render at once, in one task: ten rows
 * of a list took 150-200 ms of a phone's CPU (Lighthouse's 4x slowdown) in one piece, during
 * which a tap waits. Drawn from a deferred copy of the list's context, the rows render in
 * slices React can interrupt; the page links come in the same render as the rows, so nothing
 * moves when they arrive. Every list of the admin is this one.
 */
export const List = ({ children, pagination = <Pagination />, ...props }: ListProps) => (
  <RaList {...props} pagination={pagination === false ? false : <Rows>{pagination}</Rows>}>
    <Rows fade>{children}</Rows>
  </RaList>
);
