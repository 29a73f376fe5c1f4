import { defaultI18nProvider, I18nProvider } from 'react-admin';

/** react-admin's English texts, with the few the spec words differently. */
const OVERRIDES: Record<string, string> = {
  'ra.auth.logout': 'Sign out',
  'ra.notification.logged_out': 'Your session has ended. Please sign in again.',
};

export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) => OVERRIDES[key] ?? defaultI18nProvider.translate(key, options),
};
