import { defaultTheme, RaThemeOptions } from 'react-admin';

/** The one admin theme: react-admin's default with the brand's red and a calm grey. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#b71c1c', contrastText: '#ffffff' },
    secondary: { main: '#263238', contrastText: '#ffffff' },
    background: { default: '#f5f5f5' },
  },
  shape: { borderRadius: 6 },
  sidebar: { width: 240, closedWidth: 55 },
  components: {
    ...defaultTheme.components,
    RaAppBar: { styleOverrides: { root: { '& .RaAppBar-toolbar': { minHeight: 56 } } } },
  },
};
