import { BRAND } from '../brand';

/**
 * What a page of the admin shows while its code arrives and the session is checked: the app
 * bar's colour with the admin's name, and 'Loading...'. Plain elements (it is in the first
 * bundle, which has no MUI), so a phone on a slow link paints the admin's frame at once
 * instead of a blank page until the shell has run.
 */
export const AdminArriving = () => (
  <div style={{ minHeight: '100vh', background: BRAND.background, fontFamily: "'Roboto', 'Helvetica', 'Arial', sans-serif" }}>
    <div
      style={{
        height: 56,
        display: 'flex',
        alignItems: 'center',
        padding: '0 16px 0 56px',
        background: BRAND.primary,
        color: '#fff',
        fontSize: '1.25rem',
        fontWeight: 500,
        boxShadow: '0 2px 4px -1px rgba(0,0,0,0.2), 0 4px 5px rgba(0,0,0,0.14)',
      }}
    >
      Campaign Admin
    </div>
    <p role="status" style={{ margin: '48px 16px', textAlign: 'center', color: 'rgba(0,0,0,0.6)' }}>
      Loading...
    </p>
  </div>
);
