import { type ReactNode, useDeferredValue } from 'react';
import { Button, Fade, IconButton } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link, useLocation } from 'react-router-dom';
import {
  AppBar,
  Layout as RaLayout,
  TitlePortal,
  useCanAccess,
  usePermissions,
  useResourceDefinitions,
} from 'react-admin';
import { Permission } from '@campaign/domain';
import { useIsPhone } from '../components/useIsPhone';
import { AdminArriving } from './AdminArriving';
import { AppMenu } from './AppMenu';
import { AppUserMenu } from './AppUserMenu';
import { AllowedMenuProvider } from './menuItems';
import { UpdatePrompt } from './UpdatePrompt';

/** Page transition: 500 ms. */
export const PAGE_TRANSITION_MS = 500;

/**
 * 'Pre-Registration' shortcut for users with create-registration (docs/decisions.md, "Head office and the create buttons").
 * It links to the pre-registration form, so it shows once that resource is registered.
 */
const PreRegistrationShortcut = () => {
  const { permissions } = usePermissions<string[]>();
  const resources = useResourceDefinitions();
  // The form itself needs create-preregistration and a branch (head office cannot submit it).
  const { canAccess } = useCanAccess({ resource: 'preregistration', action: 'create' });
  const isPhone = useIsPhone();
  if (!resources.preregistration || !canAccess || !permissions?.includes(Permission.CreateRegistration)) return null;
  // On a phone the shortcut is an icon, so the page title keeps the bar's width.
  if (isPhone)
    return (
      <IconButton component={Link} to="/admin/preregistration/create" color="inherit" aria-label="Pre-Registration" title="Pre-Registration">
        <AddIcon />
      </IconButton>
    );
  return (
    <Button component={Link} to="/admin/preregistration/create" color="inherit" startIcon={<AddIcon />} sx={{ mr: 1 }}>
      Pre-Registration
    </Button>
  );
};

const AppAppBar = () => (
  <AppBar userMenu={<AppUserMenu />} color="primary">
    {/* The whole title, on two lines if it must, never cut to 'Pre-' on a phone. */}
    <TitlePortal sx={{ whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.2, fontSize: { xs: '1.05rem', sm: '1.25rem' } }} />
    <PreRegistrationShortcut />
  </AppBar>
);

/** Fades each page in over 500 ms when the path changes. */
const PageTransition = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  return (
    <Fade key={pathname} in appear timeout={PAGE_TRANSITION_MS}>
      <div>{children}</div>
    </Fade>
  );
};

/**
 * The admin's frame and its page. The first draw of the whole frame (app bar, menu, page) is
 * the admin's largest render: react-admin starts it when the session check answers, as an
 * update React must finish in one task, 300-500 ms of a phone's CPU (Lighthouse's 4x slowdown)
 * in which a tap waits. Deferred, it renders as a transition, in slices React can interrupt,
 * behind the frame the page already shows (AdminArriving); later pages render as before.
 */
export const Layout = ({ children }: { children: ReactNode }) => {
  const ready = useDeferredValue(true, false);
  if (!ready) return <AdminArriving />;
  return (
    <AllowedMenuProvider>
      <RaLayout appBar={AppAppBar} menu={AppMenu}>
        <PageTransition>{children}</PageTransition>
        <UpdatePrompt />
      </RaLayout>
    </AllowedMenuProvider>
  );
};
