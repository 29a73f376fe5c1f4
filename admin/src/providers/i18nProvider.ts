import { defaultI18nProvider, I18nProvider } from 'react-admin';

/** react-admin's English texts, with the few the spec words differently. */
const OVERRIDES: Record<string, string> = {
  'ra.auth.logout': 'Sign out',
  'ra.notification.logged_out': 'Your session has ended. Please sign in again.',
};

/**
 * Resource names, singular and plural: a record's title reads 'Dealer Kathmandu Motors',
 * a create page 'Create Dealer User' or 'Create Winner', lists keep their plural.
 */
const RESOURCE_NAMES: Record<string, readonly [string, string]> = {
  branch: ['Dealer', 'Dealers'],
  user: ['Dealer User', 'Dealer Users'],
  'bike-model': ['Bike Model', 'Bike Models'],
  video: ['Winner', 'Winners'],
  preregistration: ['Pre-Registration', 'Pre-Registration'],
  registration: ['Customer', 'Customers'],
  'test-ride': ['Test Ride', 'Test Rides'],
};

export function resourceName(key: string, options?: { smart_count?: number }): string | undefined {
  const m = /^resources\.(.+)\.name$/.exec(key);
  const names = m ? RESOURCE_NAMES[m[1]] : undefined;
  return names ? names[options?.smart_count === 1 ? 0 : 1] : undefined;
}

export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) => OVERRIDES[key] ?? resourceName(key, options) ?? defaultI18nProvider.translate(key, options),
};
