import { Button, Snackbar } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Workbox } from 'workbox-window';

/** How often a signed-in admin asks whether a new build is out: a day's work sees a release of the same day. */
const CHECK_EVERY_MS = 30 * 60_000;

/**
 * Registers the admin's service worker (vite.config.ts, `installable`) and, when a new build's
 * worker is ready, says so and waits: the new code runs only after the user presses Reload, so
 * a form half filled in is never reloaded under them (docs/decisions.md, "The admin, installed").
 * Workbox's window library is imported here, not behind a dynamic import, so it comes with the
 * shell (prefetched while the user signs in) rather than as one more file after.
 */
export const UpdatePrompt = () => {
  const [waiting, setWaiting] = useState(false);
  const workbox = useRef<Workbox | null>(null);
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const wb = new Workbox('/admin/sw.js', { scope: '/admin' });
    wb.addEventListener('waiting', () => setWaiting(true));
    workbox.current = wb;
    let timer: ReturnType<typeof setInterval> | undefined;
    wb.register()
      .then(() => (timer = setInterval(() => void wb.update().catch(() => undefined), CHECK_EVERY_MS)))
      .catch(() => undefined);
    return () => clearInterval(timer);
  }, []);
  const reload = () => {
    const wb = workbox.current;
    if (!wb) return;
    wb.addEventListener('controlling', () => window.location.reload());
    wb.messageSkipWaiting();
  };
  return (
    <Snackbar
      open={waiting}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message="A new version of the admin is ready. Reload once your work is saved."
      action={
        <>
          <Button color="secondary" size="small" onClick={() => setWaiting(false)}>
            Later
          </Button>
          <Button color="primary" variant="contained" size="small" onClick={reload}>
            Reload
          </Button>
        </>
      }
    />
  );
};
