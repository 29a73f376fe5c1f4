import { defaultTheme, RaThemeOptions } from 'react-admin';
import { BRAND } from './brand';

/** The one admin theme: react-admin's default with the brand's red and a calm grey. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: BRAND.primary, contrastText: '#ffffff' },
    secondary: { main: BRAND.secondary, contrastText: '#ffffff' },
    background: { default: BRAND.background },
  },
  shape: { borderRadius: 6 },
  sidebar: { width: 240, closedWidth: 55 },
  components: {
    ...defaultTheme.components,
    RaAppBar: { styleOverrides: { root: { '& .RaAppBar-toolbar': { minHeight: 56 } } } },
  },
};
