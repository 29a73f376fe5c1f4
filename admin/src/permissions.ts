/*
 * May the signed-in user take an action on a resource: react-admin's canAccess
 * (providers/authProvider.ts), hence every menu link, button and route, asks here. The rules
 * are the screens' table's (screens/registry.ts: each screen's `access`, `branchOnly`,
 * `headOfficeOnly`); the permission names are `@campaign/domain`'s (domain/src/permissions.ts),
 * which the server checks on every route. This only decides what the UI shows.
 */
import { type Access, type Action, resourceOf, type Screen, SCREENS } from './screens/registry';

/** Each resource's rules: null, any signed-in user; a name, that permission is needed. */
export const RESOURCE_PERMISSIONS: Readonly<Record<string, Access>> = Object.fromEntries(
  SCREENS.flatMap((s) => (s.access ? [[resourceOf(s), s.access]] : [])),
);

/** Actions by resource, from each screen's list of them. */
const actionsBy = (pick: (s: Screen) => readonly Action[] | undefined): Readonly<Record<string, readonly string[]>> =>
  Object.fromEntries(SCREENS.map((s) => [resourceOf(s), pick(s) ?? []]));

/** Only users belonging to a branch take these (creating pre-registrations and registrations), whatever their permissions. */
const BRANCH_ONLY = actionsBy((s) => s.branchOnly);

/** Head office's (isAdmin, no branch), on top of the permission: the audit trail, adding or renaming referrers. */
const HEAD_OFFICE_ONLY = actionsBy((s) => s.headOfficeOnly);

/**
 * May a user holding `permissions` do `action` on `resource`? Unknown resources and
 * actions are refused, so a new screen is hidden until its entry gives its rule.
 */
export function canAccessWith(
  permissions: readonly string[],
  action: string,
  resource: string,
  user?: { isAdmin?: boolean } | null,
): boolean {
  const rules = Object.hasOwn(RESOURCE_PERMISSIONS, resource) ? RESOURCE_PERMISSIONS[resource] : undefined;
  if (!rules || !Object.hasOwn(rules, action)) return false;
  if (user?.isAdmin && BRANCH_ONLY[resource]?.includes(action)) return false;
  if (!user?.isAdmin && HEAD_OFFICE_ONLY[resource]?.includes(action)) return false;
  const needed = rules[action as Action];
  return needed === null || needed === undefined ? true : permissions.includes(needed);
}
