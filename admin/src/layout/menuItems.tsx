import type { ReactElement } from 'react';
import { useGetIdentity, usePermissions } from 'react-admin';
import { canAccessWith } from '../permissions';
import DashboardIcon from '@mui/icons-material/Dashboard';
import StorefrontIcon from '@mui/icons-material/Storefront';
import PeopleIcon from '@mui/icons-material/People';
import TwoWheelerIcon from '@mui/icons-material/TwoWheeler';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import SettingsIcon from '@mui/icons-material/Settings';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import CasinoIcon from '@mui/icons-material/Casino';
import TwoWheelerOutlinedIcon from '@mui/icons-material/TwoWheelerOutlined';
import ShareIcon from '@mui/icons-material/Share';
import SmsIcon from '@mui/icons-material/Sms';
import InsightsIcon from '@mui/icons-material/Insights';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';

/**
 * The sidebar, in the order of SPEC section 2 "Layout": dashboard, dealers, dealer users,
 * pre-registrations, customers, trash, bike models, winners, SMS, analytics, scheme,
 * settings. Test rides and the referrer report (not in that list) sit with the customer
 * screens, the audit trail (head office) last. A link shows when the user may do `action`
 * on `resource` (see permissions.ts). Screens not built yet have no entry: a new screen
 * adds one here.
 */
export interface MenuEntry {
  /** Path under /admin ('' is the dashboard). */
  to: string;
  label: string;
  icon: ReactElement;
  resource: string;
  action?: string;
  /** Active only on this exact path (not on the pages below it). */
  end?: boolean;
}

export const MENU: MenuEntry[] = [
  { to: '', label: 'Dashboard', icon: <DashboardIcon />, resource: 'dashboard' },
  { to: 'branch', label: 'Dealers', icon: <StorefrontIcon />, resource: 'branch' },
  { to: 'user', label: 'Dealer Users', icon: <PeopleIcon />, resource: 'user' },
  { to: 'preregistration', label: 'Pre-Registrations', icon: <HowToRegIcon />, resource: 'preregistration' },
  { to: 'registration', label: 'Customers', icon: <ReceiptLongIcon />, resource: 'registration', end: true },
  { to: 'registration/deleted', label: 'Trash', icon: <DeleteSweepIcon />, resource: 'registration', action: 'delete' },
  { to: 'test-ride', label: 'Test Rides', icon: <TwoWheelerOutlinedIcon />, resource: 'test-ride' },
  { to: 'referrer', label: 'Referrer Report', icon: <ShareIcon />, resource: 'referrer' },
  { to: 'bike-model', label: 'Bike Models', icon: <TwoWheelerIcon />, resource: 'bike-model' },
  { to: 'video', label: 'Winners', icon: <EmojiEventsIcon />, resource: 'video' },
  { to: 'sms', label: 'SMS', icon: <SmsIcon />, resource: 'sms' },
  { to: 'analytics', label: 'Analytics', icon: <InsightsIcon />, resource: 'analytics' },
  { to: 'scheme', label: 'Scheme', icon: <CasinoIcon />, resource: 'allocation' },
  { to: 'settings', label: 'Settings', icon: <SettingsIcon />, resource: 'settings', action: 'edit' },
  { to: 'audit', label: 'Audit Trail', icon: <ManageHistoryIcon />, resource: 'audit' },
];

/** The entries the signed-in user may open, by the same rule as canAccess. */
export function useAllowedMenu(): MenuEntry[] {
  const { permissions } = usePermissions<string[]>();
  const { identity } = useGetIdentity();
  return MENU.filter((entry) =>
    canAccessWith(permissions ?? [], entry.action ?? 'list', entry.resource, identity as { isAdmin?: boolean } | undefined),
  );
}
