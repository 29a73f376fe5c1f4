import type { ComponentType } from 'react';

/**
 * The admin's pages beyond its resources' list, record and form screens, by their address
 * under /admin (react-router's pattern), with their code's loaders: their routes (`pageRoute`
 * and `screenRoute` in components/pageRoutes.tsx) and a page opened cold (screens.ts, which
 * asks for the page's code with the shell's) read this one table, and the compiler checks the
 * routes' addresses against it. Only loaders: no page's code is in this module.
 */
export const PAGE_SCREENS = {
  '/scheme': () => import('./resources/allocation/AllocationList').then((m) => m.AllocationList),
  '/scheme/create': () => import('./resources/allocation/AllocationCreate').then((m) => m.AllocationCreate),
  '/analytics': () => import('./resources/analytics/AnalyticsPage').then((m) => m.AnalyticsPage),
  '/audit': () => import('./resources/audit/AuditList').then((m) => m.AuditList),
  '/referrer': () => import('./resources/referrer/ReferrerList').then((m) => m.ReferrerList),
  '/sms': () => import('./resources/sms/SmsPage').then((m) => m.SmsPage),
  '/preregistration/:id/verify': () => import('./resources/preregistration/PreregistrationVerify').then((m) => m.PreregistrationVerify),
  '/preregistration/:id/draw': () => import('./resources/preregistration/PreregistrationDraw').then((m) => m.PreregistrationDraw),
  '/registration/deleted': () => import('./resources/registration/RegistrationDeletedList').then((m) => m.RegistrationDeletedList),
  '/registration/:id/verify': () => import('./resources/registration/RegistrationVerify').then((m) => m.RegistrationVerify),
  '/registration/:id/draw': () => import('./resources/registration/RegistrationDraw').then((m) => m.RegistrationDraw),
  /** The settings form; its rich-text editor (tiptap) is a separate chunk, loaded as its fields show (LazyRichTextInput). */
  '/settings': () => import('./pages/SettingsPage').then((m) => m.SettingsPage),
  '/profile': () => import('./pages/ProfilePage').then((m) => m.ProfilePage),
  /** Outside the layout. */
  '/print': () => import('./resources/registration/PrintPage').then((m) => m.PrintPage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type PagePath = keyof typeof PAGE_SCREENS;

/**
 * The table's page at `path` (under /admin, no trailing slash), matched as the router matches
 * it: a `:name` segment takes any one segment, every other segment must be the same.
 */
export function pageAt(path: string): (() => Promise<ComponentType>) | undefined {
  const parts = path.split('/');
  for (const [pattern, load] of Object.entries(PAGE_SCREENS)) {
    const want = pattern.split('/');
    if (want.length === parts.length && want.every((w, i) => (w.startsWith(':') ? parts[i] !== '' : w === parts[i]))) return load;
  }
  return undefined;
}
