import { defaultI18nProvider, I18nProvider } from 'react-admin';
import { RESOURCE_SCREENS } from '../screens/registry';

/** react-admin's English texts, with the few this admin words differently. */
const OVERRIDES: Record<string, string> = {
  'ra.auth.logout': 'Sign out',
  'ra.notification.logged_out': 'Your session has ended. Please sign in again.',
};

/**
 * A resource's name, singular and plural (its `names` in screens/registry.ts): a record's title
 * reads 'Dealer Kathmandu Motors', a create page 'Create Dealer User' or 'Create Winner', lists
 * keep their plural.
 */
export function resourceName(key: string, options?: { smart_count?: number }): string | undefined {
  const m = /^resources\.(.+)\.name$/.exec(key);
  const names = m && Object.hasOwn(RESOURCE_SCREENS, m[1]) ? RESOURCE_SCREENS[m[1]].names : undefined;
  return names ? names[options?.smart_count === 1 ? 0 : 1] : undefined;
}

export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) => OVERRIDES[key] ?? resourceName(key, options) ?? defaultI18nProvider.translate(key, options),
};
