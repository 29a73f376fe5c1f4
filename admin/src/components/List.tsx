import { type ReactNode, useDeferredValue } from 'react';
import { ListContextProvider, List as RaList, type ListProps, Pagination, useListContext } from 'react-admin';

/** The list's rows (or its page links) drawn from its context one render behind, in a transition. */
const Rows = ({ children }: { children: ReactNode }) => {
  const deferred = useDeferredValue(useListContext());
  return <ListContextProvider value={deferred}>{children}</ListContextProvider>;
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
    <Rows>{children}</Rows>
  </RaList>
);
