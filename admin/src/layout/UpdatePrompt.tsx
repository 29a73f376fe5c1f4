import { Button, Snackbar } from '@mui/material';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** How often a signed-in admin asks whether a new build is out: a day's work sees a release of the same day. */
const CHECK_EVERY_MS = 30 * 60_000;

/**
 * Registers the admin's service worker (vite.config.ts, `installable`) and, when a new build's
 * worker is ready, says so and waits: the new code runs only after the user presses Reload, so
 * a form half filled in is never reloaded under them (docs/decisions.md, "The admin, installed").
 */
export const UpdatePrompt = () => {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
    },
  });
  return (
    <Snackbar
      open={needRefresh}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message="A new version of the admin is ready. Reload once your work is saved."
      action={
        <>
          <Button color="secondary" size="small" onClick={() => setNeedRefresh(false)}>
            Later
          </Button>
          <Button color="primary" variant="contained" size="small" onClick={() => void updateServiceWorker(true)}>
            Reload
          </Button>
        </>
      }
    />
  );
};
