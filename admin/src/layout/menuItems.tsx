import { createElement, type ReactNode, useMemo } from 'react';
import { useGetIdentity, usePermissions } from 'react-admin';
import { canAccessWith } from '../permissions';
import { type Action, resourceOf, SCREENS } from '../screens/registry';
import { AllowedMenu, type MenuEntry } from './allowedMenu';
import { MENU_ICONS } from './menuIcons';

/** A sidebar link with the action on its resource it needs. */
type MenuLink = MenuEntry & { resource: string; action: Action };

/** Each screen's sidebar entry (screens/registry.ts), in the table's order, followed by its pages' (the trash after the customers). */
const items = SCREENS.flatMap((screen) => [
  ...(screen.menu ? [{ screen, to: screen.path, item: screen.menu, action: screen.menu.action ?? ('list' as const) }] : []),
  ...Object.entries(screen.pages ?? {}).flatMap(([below, page]) =>
    page.menu ? [{ screen, to: `${screen.path}/${below}`, item: page.menu, action: page.action }] : [],
  ),
]);

/** The sidebar's links; one shows when the user may take its action on its resource (permissions.ts). */
export const MENU: readonly MenuLink[] = items.map(({ screen, to, item, action }) => ({
  to,
  label: item.label,
  icon: createElement(MENU_ICONS[item.icon]),
  resource: resourceOf(screen),
  action,
  end: to === '' || items.some((other) => other.to.startsWith(`${to}/`)),
}));

/** Gives the sidebar and the dashboard the links the signed-in user may open (layout/allowedMenu.ts). */
export const AllowedMenuProvider = ({ children }: { children: ReactNode }) => {
  const { permissions } = usePermissions<string[]>();
  const { identity } = useGetIdentity();
  const allowed = useMemo(
    () => MENU.filter((l) => canAccessWith(permissions ?? [], l.action, l.resource, identity as { isAdmin?: boolean } | undefined)),
    [permissions, identity],
  );
  return <AllowedMenu.Provider value={allowed}>{children}</AllowedMenu.Provider>;
};
