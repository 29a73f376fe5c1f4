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
    /*
     * A phone never scrolls the page sideways (docs/decisions.md, "Phone layouts for branch
     * staff"): the content may shrink below its widest table (flex items keep their content's
     * width otherwise), a list's table scrolls inside its own box, and toolbars wrap.
     */
    // react-admin's layout is at least as wide as its content ('fit-content'): the whole page scrolled with a wide table.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-appFrame': { minWidth: 0 }, '& .RaLayout-content': { minWidth: 0 }, '& .RaLayout-contentWithSidebar': { minWidth: 0 } } } },
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } } } },
    RaShow: { styleOverrides: { root: { '& .RaShow-main': { minWidth: 0 }, '& .RaShow-card': { overflowX: 'auto' } } } },
    RaEdit: { styleOverrides: { root: { '& .RaEdit-main': { minWidth: 0 } } } },
    RaCreate: { styleOverrides: { root: { '& .RaCreate-main': { minWidth: 0 } } } },
    RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap' } } },
    RaFilterForm: { styleOverrides: { root: { flexWrap: 'wrap', maxWidth: '100%' } } },
  },
};
