import { useCallback } from 'react';
import { RedirectionSideEffect, useNotify, useRedirect, useResourceContext, useStoreContext } from 'react-admin';
import { takeServerMessage } from '../providers/serverMessage';

/**
 * The success handler of every write: a 'Success!' toast with the
 * server's message, then the screen's next page (by default the list).
 */
export function useWriteSuccess(redirectTo: RedirectionSideEffect = 'list', fallback = 'Saved.', { showNew = false } = {}) {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const store = useStoreContext();
  return useCallback(
    (data?: { id?: string | number }) => {
      notify(takeServerMessage(fallback), { type: 'success' });
      if (showNew && resource) showNewRecord(store, resource);
      if (redirectTo !== false) redirect(redirectTo, resource, data?.id, data as never);
    },
    [notify, redirect, resource, redirectTo, fallback, showNew, store],
  );
}

/**
 * After a create, the list it returns to shows the new record: the list's kept search,
 * filters, page and order (react-admin keeps them per resource) go back to the list's
 * defaults, so a search or a filter set before cannot hide what was just made.
 */
function showNewRecord(store: ReturnType<typeof useStoreContext>, resource: string) {
  const key = `${resource}.listParams`;
  const kept = store.getItem<Record<string, unknown>>(key);
  if (!kept) return;
  const { sort: _sort, order: _order, ...rest } = kept;
  store.setItem(key, { ...rest, filter: {}, displayedFilters: {}, page: 1 });
}
