import { rupees } from '@campaign/domain';
import { useEffect, useState } from 'react';
import { BRAND } from '../brand';
import { nepalDateTime } from '../components/format';
import { DASHBOARD_PATHS } from '../paths';
import { earlyLook } from '../providers/http';
import { DASHBOARD_LIST } from '../screens/coldStart';
import { AdminArriving } from './AdminArriving';

/** What a row of the dashboard's list shows (the registration list's phone rows: RegistrationList.tsx). */
interface Registered {
  id: number | string;
  name?: string;
  phone?: string;
  created_at?: string;
  coupon_amount?: number | null;
  preregistration?: { prize?: number | null } | null;
}

const font = "'Roboto','Helvetica','Arial',sans-serif";

/**
 * The dashboard while react-admin's code arrives and runs (#35, the daily repeat visit): its
 * list's first rows, read from the answer the page asked for early (screens/coldStart.ts), in
 * the same words as the list's phone rows (name, date; phone and prize), as plain text that
 * does nothing when tapped, with 'Loading...' under them. The list itself replaces them once
 * the shell has run (it takes the same answer). On a phone on a slow link the shell's code
 * takes about a second to run; the rows need only their one read. Any other page, a user
 * who does not see the list, or a read that fails: the admin's frame alone (AdminArriving).
 */
export const FirstRows = ({ path }: { path: string }) => {
  const [rows, setRows] = useState<Registered[] | null>(null);
  useEffect(() => {
    if (!DASHBOARD_PATHS.includes(path)) return;
    let live = true;
    void earlyLook(DASHBOARD_LIST).then((body) => {
      const data = (body as { data?: unknown } | null)?.data;
      if (live && Array.isArray(data) && data.length) setRows(data as Registered[]);
    });
    return () => {
      live = false;
    };
  }, [path]);
  if (!rows) return <AdminArriving />;
  return (
    <div style={{ minHeight: '100vh', background: BRAND.background, fontFamily: font }}>
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
          boxShadow: '0 2px 4px -1px rgba(0,0,0,0.2),0 4px 5px rgba(0,0,0,0.14)',
        }}
      >
        Campaign Admin
      </div>
      <h1 style={{ margin: '16px 16px 8px', fontSize: '1.25rem', fontWeight: 400 }}>Dashboard</h1>
      <ul aria-label="Registrations" style={{ listStyle: 'none', margin: 0, padding: 0, background: '#fff' }}>
        {rows.map((r) => (
          <li key={r.id} className="first-rows-row" style={{ padding: '8px 16px', borderBottom: '1px solid rgba(0,0,0,0.12)' }}>
            <span style={{ display: 'block', overflowWrap: 'anywhere' }}>
              {r.name}
              <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>, </span>
            </span>
            <span style={{ display: 'block', marginTop: 4, fontSize: '0.875rem', color: 'rgba(0,0,0,0.6)' }}>{nepalDateTime(r.created_at)}</span>
            <span style={{ display: 'block', fontSize: '0.875rem', color: 'rgba(0,0,0,0.6)' }}>
              {r.phone} · {rupees((r.preregistration?.prize ?? 0) + (r.coupon_amount ?? 0))}
            </span>
          </li>
        ))}
      </ul>
      <p role="status" style={{ margin: '16px', textAlign: 'center', color: 'rgba(0,0,0,0.6)' }}>
        Loading...
      </p>
    </div>
  );
};
