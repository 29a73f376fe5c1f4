import { createContext, type ReactElement, useContext } from 'react';

/** A sidebar link. */
export interface MenuEntry {
  /** Path under /admin ('' is the dashboard). */
  to: string;
  label: string;
  icon: ReactElement;
  /** Active only on this exact path, not on the pages below it (the customers, above the trash). */
  end: boolean;
}

/**
 * The sidebar's links the signed-in user may open, given by the layout (layout/menuItems.tsx
 * makes them from the screens' table): the sidebar and the dashboard's section cards read them
 * here. A screen never imports the table, which loads the screens.
 */
export const AllowedMenu = createContext<readonly MenuEntry[]>([]);

export const useAllowedMenu = () => useContext(AllowedMenu);
