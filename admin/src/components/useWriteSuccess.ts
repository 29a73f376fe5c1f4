import { useCallback } from 'react';
import { RedirectionSideEffect, useNotify, useRedirect, useResourceContext } from 'react-admin';
import { takeServerMessage } from '../providers/serverMessage';

/**
 * The success handler of every write (SPEC section 4): a 'Success!' toast with the
 * server's message, then the navigation the spec gives (by default the list).
 */
export function useWriteSuccess(redirectTo: RedirectionSideEffect = 'list', fallback = 'Saved.') {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return useCallback(
    (data?: { id?: string | number }) => {
      notify(takeServerMessage(fallback), { type: 'success' });
      if (redirectTo !== false) redirect(redirectTo, resource, data?.id, data as never);
    },
    [notify, redirect, resource, redirectTo, fallback],
  );
}
