/** The admin's colours: the brand's red and a calm grey (theme.ts for MUI, the login page's own CSS). */
export const BRAND = {
  primary: '#b71c1c',
  secondary: '#263238',
  background: '#f5f5f5',
} as const;
