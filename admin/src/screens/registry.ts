import type { ComponentType } from 'react';
import { Permission } from '@campaign/domain';
import type { MenuIcon } from '../layout/menuIcons';

/*
 * Every screen of the admin, declared once: its address, its menu entry, who may open it and
 * its code's loaders. The routes (screens/routes.tsx), the menu and the dashboard's cards
 * (layout/menuItems.tsx), the permission checks (permissions.ts), the resources' names
 * (providers/i18nProvider.ts) and the code a page opened cold asks for beside the shell
 * (screens/coldStart.ts) are all made from this table. Adding a screen is adding its entry
 * here, with its component files (docs/architecture.md, "The admin's screens").
 *
 * The login page's bundle holds this table (the cold start reads it), so it holds only
 * loaders, names and words: no screen's code, no react-admin, no icon library (an entry names
 * its icon; layout/menuIcons.tsx draws it). And no screen imports it, or anything made from
 * it: the table loads the screens, so that would be an import loop.
 */

/** A screen's code, loaded when it is first opened: its own chunk of the build. */
export type Loader = () => Promise<ComponentType>;

/** What react-admin asks permission for. */
export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export';

/** The permission each action on a resource needs: null, any signed-in user; an action not listed, nobody. */
export type Access = Partial<Record<Action, Permission | null>>;

/** A screen's entry in the sidebar: its text and its icon. */
export interface MenuItem {
  label: string;
  icon: MenuIcon;
}

/** A react-admin resource's screens. */
export interface ResourceScreens {
  list: Loader;
  show: Loader;
  /** None for read-only resources (test rides): no edit route, no Edit button. */
  edit?: Loader;
  create?: Loader;
}

/** A react-admin resource: its screens, what its records are called and the field naming one. */
export interface Records extends ResourceScreens {
  /** A record's name and the list's: titles and buttons ('Create Dealer User') read them. */
  names: readonly [one: string, many: string];
  recordRepresentation: string;
}

/** A page below a screen's address. */
export interface Page {
  /** The action on the screen's resource it needs (others are sent back to /admin). */
  action: Action;
  load: Loader;
  /** Its own sidebar entry, right after its screen's. */
  menu?: MenuItem;
}

export interface Screen {
  /** Its address, /admin/{path} ('' is the dashboard), and its resource's name unless `resource` gives one. */
  path: string;
  /** The resource it acts on (the API's and the permission rules' name), when it is not `path`. */
  resource?: string;
  /** Its sidebar entry, shown to those who may `list` its resource (or take `action`); none, not in the sidebar. */
  menu?: MenuItem & { action?: Action };
  /** Its resource's rules, the only ones: routes, links and buttons ask react-admin's canAccess, which reads them. None: its route opens for any signed-in user. */
  access?: Access;
  /** Actions only a branch's users take, whatever their permissions (the server refuses head office too). */
  branchOnly?: readonly Action[];
  /** Actions only head office takes, on top of the permission (the server checks both). */
  headOfficeOnly?: readonly Action[];
  /** A react-admin resource at /admin/{path}: the list, a record at /{id}, its form at /{id}/edit, a new one at /create. */
  records?: Records;
  /** The page at /admin/{path} (the `list` action), when it is not a resource's list. */
  page?: Loader;
  /** Pages below /admin/{path}, by the rest of their address (react-router's pattern: ':id' is any one segment). */
  pages?: Record<string, Page>;
  /** Shown without the admin's frame. */
  noLayout?: true;
}

/** The usual rules: read, create, update; deleting needs the update permission when there is no delete one (as on the server). */
const crud = (read: Permission, create: Permission, update: Permission, del: Permission = update): Access => ({
  list: read,
  show: read,
  export: read,
  create,
  edit: update,
  delete: del,
});

/**
 * /admin: the registered list with its stats for those who may read registrations, the section
 * cards otherwise (resources/registration/RegistrationDashboard.tsx).
 */
const DASHBOARD = {
  path: '',
  resource: 'dashboard',
  menu: { label: 'Dashboard', icon: 'Dashboard' },
  access: { list: null },
  page: () => import('../resources/registration/RegistrationDashboard').then((m) => m.RegistrationDashboard),
} satisfies Screen;

/**
 * The screens, in the sidebar's order (docs/decisions.md, "Sidebar"): dashboard, dealers, dealer
 * users, pre-registrations, customers, trash, bike models, winners, SMS, analytics, scheme,
 * settings; test rides and the referrer report sit with the customer screens, the audit trail
 * (head office) last. A record is addressed by its slug, a video's and an allocation's by id.
 */
export const SCREENS: readonly Screen[] = [
  DASHBOARD,
  {
    path: 'branch',
    menu: { label: 'Dealers', icon: 'Storefront' },
    access: crud(Permission.ReadBranch, Permission.CreateBranch, Permission.UpdateBranch),
    records: {
      names: ['Dealer', 'Dealers'],
      recordRepresentation: 'title',
      list: () => import('../resources/branch/BranchList').then((m) => m.BranchList),
      show: () => import('../resources/branch/BranchShow').then((m) => m.BranchShow),
      edit: () => import('../resources/branch/BranchEdit').then((m) => m.BranchEdit),
      create: () => import('../resources/branch/BranchCreate').then((m) => m.BranchCreate),
    },
  },
  {
    path: 'user',
    menu: { label: 'Dealer Users', icon: 'People' },
    access: crud(Permission.ReadUser, Permission.CreateUser, Permission.UpdateUser),
    records: {
      names: ['Dealer User', 'Dealer Users'],
      recordRepresentation: 'name',
      list: () => import('../resources/user/UserList').then((m) => m.UserList),
      show: () => import('../resources/user/UserShow').then((m) => m.UserShow),
      edit: () => import('../resources/user/UserEdit').then((m) => m.UserEdit),
      create: () => import('../resources/user/UserCreate').then((m) => m.UserCreate),
    },
  },
  {
    // Enquiries; a record's code check and its draw (the wheel) are pages below it.
    path: 'preregistration',
    menu: { label: 'Pre-Registrations', icon: 'HowToReg' },
    access: crud(
      Permission.ReadRegistration,
      Permission.CreatePreregistration,
      Permission.UpdateRegistration,
      Permission.DeleteRegistration,
    ),
    branchOnly: ['create'],
    records: {
      // The list is titled 'Pre-Registration', in the singular; the sidebar says 'Pre-Registrations'.
      names: ['Pre-Registration', 'Pre-Registration'],
      recordRepresentation: 'name',
      list: () => import('../resources/preregistration/PreregistrationList').then((m) => m.PreregistrationList),
      show: () => import('../resources/preregistration/PreregistrationShow').then((m) => m.PreregistrationShow),
      edit: () => import('../resources/preregistration/PreregistrationEdit').then((m) => m.PreregistrationEdit),
      create: () => import('../resources/preregistration/PreregistrationCreate').then((m) => m.PreregistrationCreate),
    },
    pages: {
      ':id/verify': {
        action: 'show',
        load: () => import('../resources/preregistration/PreregistrationVerify').then((m) => m.PreregistrationVerify),
      },
      ':id/draw': {
        action: 'show',
        load: () => import('../resources/preregistration/PreregistrationDraw').then((m) => m.PreregistrationDraw),
      },
    },
  },
  {
    // Purchases. A new one is made from its pre-registration: /admin/registration/create/{its slug}.
    path: 'registration',
    menu: { label: 'Customers', icon: 'ReceiptLong' },
    access: crud(Permission.ReadRegistration, Permission.CreateRegistration, Permission.UpdateRegistration, Permission.DeleteRegistration),
    branchOnly: ['create'],
    records: {
      names: ['Customer', 'Customers'],
      recordRepresentation: 'name',
      list: () => import('../resources/registration/RegistrationList').then((m) => m.RegistrationList),
      show: () => import('../resources/registration/RegistrationShow').then((m) => m.RegistrationShow),
      edit: () => import('../resources/registration/RegistrationEdit').then((m) => m.RegistrationEdit),
      create: () => import('../resources/registration/RegistrationCreate').then((m) => m.RegistrationCreate),
    },
    pages: {
      deleted: {
        action: 'delete',
        load: () => import('../resources/registration/RegistrationDeletedList').then((m) => m.RegistrationDeletedList),
        menu: { label: 'Trash', icon: 'DeleteSweep' },
      },
      ':id/verify': {
        action: 'show',
        load: () => import('../resources/registration/RegistrationVerify').then((m) => m.RegistrationVerify),
      },
      ':id/draw': { action: 'show', load: () => import('../resources/registration/RegistrationDraw').then((m) => m.RegistrationDraw) },
    },
  },
  {
    // Test rides and bike bookings, from the public dialog: any staff user reads and deletes them, nobody edits
    // (docs/decisions.md, "Who sees test rides").
    path: 'test-ride',
    menu: { label: 'Test Rides', icon: 'TwoWheelerOutlined' },
    access: { list: null, show: null, export: null, delete: null },
    records: {
      names: ['Test Ride', 'Test Rides'],
      recordRepresentation: 'name',
      list: () => import('../resources/test-ride/TestRideList').then((m) => m.TestRideList),
      show: () => import('../resources/test-ride/TestRideShow').then((m) => m.TestRideShow),
    },
  },
  {
    // A report with an in-place rename (numeric ids); referrers are shared by every branch, so head office names them.
    path: 'referrer',
    menu: { label: 'Referrer Report', icon: 'Share' },
    access: { list: Permission.ReadRegistration, edit: Permission.UpdateRegistration, create: Permission.UpdateRegistration },
    headOfficeOnly: ['edit', 'create'],
    page: () => import('../resources/referrer/ReferrerList').then((m) => m.ReferrerList),
  },
  {
    path: 'bike-model',
    menu: { label: 'Bike Models', icon: 'TwoWheeler' },
    access: crud(Permission.ReadBikeModel, Permission.CreateBikeModel, Permission.UpdateBikeModel),
    records: {
      names: ['Bike Model', 'Bike Models'],
      recordRepresentation: 'title',
      list: () => import('../resources/bike-model/BikeModelList').then((m) => m.BikeModelList),
      show: () => import('../resources/bike-model/BikeModelShow').then((m) => m.BikeModelShow),
      edit: () => import('../resources/bike-model/BikeModelEdit').then((m) => m.BikeModelEdit),
      create: () => import('../resources/bike-model/BikeModelCreate').then((m) => m.BikeModelCreate),
    },
  },
  {
    // The winners' videos.
    path: 'video',
    menu: { label: 'Winners', icon: 'EmojiEvents' },
    access: crud(Permission.ReadVideo, Permission.CreateVideo, Permission.UpdateVideo),
    records: {
      names: ['Winner', 'Winners'],
      recordRepresentation: 'title',
      list: () => import('../resources/video/VideoList').then((m) => m.VideoList),
      show: () => import('../resources/video/VideoShow').then((m) => m.VideoShow),
      edit: () => import('../resources/video/VideoEdit').then((m) => m.VideoEdit),
      create: () => import('../resources/video/VideoCreate').then((m) => m.VideoCreate),
    },
  },
  {
    // Bulk SMS: the form that queues a batch and the batches sent.
    path: 'sms',
    menu: { label: 'SMS', icon: 'Sms' },
    access: { list: Permission.SendSms, create: Permission.SendSms },
    page: () => import('../resources/sms/SmsPage').then((m) => m.SmsPage),
  },
  {
    // Its chart library comes with the page only.
    path: 'analytics',
    menu: { label: 'Analytics', icon: 'Insights' },
    access: { list: Permission.SendSms },
    page: () => import('../resources/analytics/AnalyticsPage').then((m) => m.AnalyticsPage),
  },
  {
    // The prize scheme: pages over the allocation API (no record page, no edit).
    path: 'scheme',
    resource: 'allocation',
    menu: { label: 'Scheme', icon: 'Casino' },
    access: crud(Permission.ManageAllocation, Permission.ManageAllocation, Permission.ManageAllocation),
    page: () => import('../resources/allocation/AllocationList').then((m) => m.AllocationList),
    pages: { create: { action: 'create', load: () => import('../resources/allocation/AllocationCreate').then((m) => m.AllocationCreate) } },
  },
  {
    // Only those who may save the settings have the page, in the sidebar and by its address: a form
    // branch staff could read but never save only looked broken to them (what the public site shows
    // of the settings, they read there). Its rich-text editor is a chunk of its own, loaded as its
    // fields show (components/LazyRichTextInput.tsx).
    path: 'settings',
    menu: { label: 'Settings', icon: 'Settings' },
    access: { list: Permission.UpdateSettings, edit: Permission.UpdateSettings },
    page: () => import('../pages/SettingsPage').then((m) => m.SettingsPage),
  },
  {
    path: 'audit',
    menu: { label: 'Audit Trail', icon: 'ManageHistory' },
    access: { list: Permission.ReadUser },
    headOfficeOnly: ['list'],
    page: () => import('../resources/audit/AuditList').then((m) => m.AuditList),
  },
  {
    // Opened from the user menu.
    path: 'profile',
    access: { list: null, edit: null },
    page: () => import('../pages/ProfilePage').then((m) => m.ProfilePage),
  },
  {
    // The customers' cards for printing, opened in a tab of its own; the page checks that the user may list registrations.
    path: 'print',
    page: () => import('../resources/registration/PrintPage').then((m) => m.PrintPage),
    noLayout: true,
  },
];

/** The resource a screen acts on. */
export const resourceOf = (screen: Screen): string => screen.resource ?? screen.path;

/** The dashboard's code (react-admin's dashboard, not a route of the table's pages). */
export const loadDashboard: Loader = DASHBOARD.page;

/** A page with its whole address under /admin (react-router's pattern) and the action it needs. */
export interface PageAt extends Page {
  path: string;
  screen: Screen;
}

/** Every page but the dashboard: each screen's own (`page`, the `list` action) and those below it. */
export const PAGES: readonly PageAt[] = SCREENS.filter((s) => s !== DASHBOARD).flatMap((screen) => [
  ...(screen.page ? [{ screen, path: `/${screen.path}`, action: 'list' as const, load: screen.page }] : []),
  ...Object.entries(screen.pages ?? {}).map(([below, page]) => ({ ...page, screen, path: `/${screen.path}/${below}` })),
]);

/** The pages' loaders by address ('/scheme/create', '/registration/:id/draw'). */
export const PAGE_SCREENS: Readonly<Record<string, Loader>> = Object.fromEntries(PAGES.map((p) => [p.path, p.load]));

/** The resources' screens by the resource's name. */
export const RESOURCE_SCREENS: Readonly<Record<string, Records>> = Object.fromEntries(
  SCREENS.flatMap((s) => (s.records ? [[s.path, s.records]] : [])),
);
