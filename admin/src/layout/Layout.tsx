import type { ReactNode } from 'react';
import { Button, Fade } from '@mui/material';
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
import { Permission } from '../permissions';
import { AppMenu } from './AppMenu';
import { AppUserMenu } from './AppUserMenu';

/** SPEC section 9: page transition 500 ms. */
export const PAGE_TRANSITION_MS = 500;

/**
 * 'Pre-Registration' shortcut for users with create-registration (SPEC section 2 "Layout").
 * It links to the pre-registration form, so it shows once that resource is registered.
 */
const PreRegistrationShortcut = () => {
  const { permissions } = usePermissions<string[]>();
  const resources = useResourceDefinitions();
  // The form itself needs create-preregistration and a branch (head office cannot submit it).
  const { canAccess } = useCanAccess({ resource: 'preregistration', action: 'create' });
  if (!resources.preregistration || !canAccess || !permissions?.includes(Permission.CreateRegistration)) return null;
  return (
    <Button component={Link} to="/admin/preregistration/create" color="inherit" startIcon={<AddIcon />} sx={{ mr: 1 }}>
      Pre-Registration
    </Button>
  );
};

const AppAppBar = () => (
  <AppBar userMenu={<AppUserMenu />} color="primary">
    <TitlePortal />
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

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout appBar={AppAppBar} menu={AppMenu}>
    <PageTransition>{children}</PageTransition>
  </RaLayout>
);
