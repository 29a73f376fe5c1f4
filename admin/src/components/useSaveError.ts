import { useCallback } from 'react';
import { useNotify } from 'react-admin';

/**
 * onError of a create or edit page whose form saves through ConfirmedForm: the toast shows
 * the server's message (field errors still land under their fields), and `onMessages` gets
 * every field's full message list (body.messages, see providers/http.ts).
 */
export function useSaveError(onMessages?: (messages: Record<string, unknown>) => void) {
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      const e = error as { message?: string; body?: { messages?: Record<string, unknown> } };
      onMessages?.(e?.body?.messages ?? {});
      notify(e?.message || 'ra.notification.http_error', { type: 'error' });
    },
    [notify, onMessages],
  );
}
