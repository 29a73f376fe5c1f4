import { useCallback, useEffect, useState } from 'react';
import { Alert, AlertTitle, Snackbar } from '@mui/material';
import {
  CloseNotificationContext,
  NotificationPayload,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
} from 'react-admin';

/** Toasts at top-right, hidden after 10 seconds. */
export const TOAST_HIDE_MS = 10_000;

/** Failures read 'Oops!' (warning), successes 'Success!'. Other notices have no title. */
export function toastLook(type: string | undefined): { severity: 'warning' | 'success' | 'info'; title?: string } {
  if (type === 'error' || type === 'warning') return { severity: 'warning', title: 'Oops!' };
  if (type === 'success') return { severity: 'success', title: 'Success!' };
  return { severity: 'info' };
}

/** react-admin's notification queue shown as titled alerts (replaces the default snackbar). */
export const Notification = () => {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<NotificationPayload | undefined>();

  // A newer toast replaces the one showing: a successful save clears the warning of the
  // failed attempt before it instead of waiting 10 s behind it.
  useEffect(() => {
    if (notifications.length && current) setOpen(false);
  }, [notifications, current]);

  useEffect(() => {
    if (notifications.length && !current) {
      const next = takeNotification();
      if (next) {
        setCurrent(next);
        setOpen(true);
      }
    }
  }, [notifications, current, takeNotification]);

  const close = useCallback(() => setOpen(false), []);
  const exited = useCallback(() => {
    // Undoable mutations run when their toast goes away (none of our forms use them).
    if (current?.notificationOptions?.undoable) takeMutation()?.({ isUndo: false });
    setCurrent(undefined);
  }, [current, takeMutation]);

  if (!current) return null;
  const { message, type, notificationOptions } = current;
  const { autoHideDuration, messageArgs } = notificationOptions ?? {};
  const look = toastLook(type);
  const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;

  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        open={open}
        onClose={(_e, reason) => reason !== 'clickaway' && close()}
        autoHideDuration={autoHideDuration === undefined ? TOAST_HIDE_MS : (autoHideDuration ?? undefined)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ transition: { onExited: exited } }}
      >
        <Alert severity={look.severity} variant="filled" onClose={close} role="alert" sx={{ minWidth: 300, maxWidth: 480 }}>
          {look.title && <AlertTitle>{look.title}</AlertTitle>}
          {text}
        </Alert>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
};
