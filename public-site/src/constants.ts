/** Fallbacks from SPEC sections 3 and 9, used only when /settings cannot be read. */
export const DEFAULT_SOURCES = [
  'NEWSPAPER',
  'SOCIAL MEDIA',
  'RADIO',
  'TVC',
  'EXISTING CUSTOMER',
  'LEAFLET',
  'EXCHANGE MELA',
  'ROAD SHOW',
  'BRAND WEBSITE',
  'ONLINE MEDIA',
  'TEST RIDE',
  'OTHERS',
];
export const DEFAULT_PRE_PRIZES = [3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 10000, 15000, 20000, 50000, 100000];
export const DIALOG_TITLE = 'Registration for the campaign 2082';
