import { BRAND } from '../brand';

/**
 * What a page of the admin shows while its code arrives and the session is checked: the app
 * bar's colour with the admin's name, and 'Loading...'. Markup with inline styles, because it
 * is used twice: written into the page by its inline script before any JavaScript file has
 * arrived (vite.config.ts), and by React while the shell loads (AdminArriving.tsx).
 */
/** The frame's font, before MUI's styles have arrived (FirstRows.tsx draws its rows in it too). */
export const FRAME_FONT = "'Roboto','Helvetica','Arial',sans-serif";

/** The app bar's colour with the admin's name. */
export const APP_BAR_HTML =
  `<div style="height:56px;display:flex;align-items:center;padding:0 16px 0 56px;background:${BRAND.primary};color:#fff;` +
  `font-size:1.25rem;font-weight:500;box-shadow:0 2px 4px -1px rgba(0,0,0,0.2),0 4px 5px rgba(0,0,0,0.14)">Campaign Admin</div>`;

export const ARRIVING_HTML =
  `<div style="min-height:100vh;background:${BRAND.background};font-family:${FRAME_FONT}">` +
  APP_BAR_HTML +
  `<p role="status" style="margin:48px 16px;text-align:center;color:rgba(0,0,0,0.6)">Loading...</p>` +
  `</div>`;
