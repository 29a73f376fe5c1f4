import { useEffect, useState } from 'react';
import { BRAND } from '../brand';
import { nepalDateTime } from '../components/format';
import { DASHBOARD_PATHS } from '../paths';
import { registrationLine, type RegistrationRowLike } from '../resources/registration/registrationLine';
import { APP_BAR_HTML, FRAME_FONT } from './arriving';
import { earlyLook } from '../providers/http';
import { DASHBOARD_LIST } from '../screens/coldStart';

/** What a row of the dashboard's list shows (the registration list's phone rows: RegistrationList.tsx). */
interface Registered extends RegistrationRowLike {
  id: number | string;
  name?: string;
  created_at?: string;
}

/** react-admin's list shows rows (with text: a list loading shows empty placeholder rows). */
const listShown = () => [...document.querySelectorAll('.RaList-content li, .RaDataTable-row')].some((row) => row.textContent?.trim());

/**
 * The dashboard's first rows before react-admin shows them (#35, the daily visit): read from
 * the answer the page asked for early (the inline script of a repeat visit, else
 * screens/coldStart.ts), in the same words as the list's phone rows (name, date; phone and
 * prize), as plain text over the page with 'Loading...' under them, until react-admin's list
 * shows its own rows (it takes the same answer), the page changes, the user touches or types,
 * or 15 s have passed. Any other page, a user who does not see the list, a read that fails, or
 * a list already shown: nothing.
 */
export const FirstRows = ({ path }: { path: string }) => {
  const [rows, setRows] = useState<Registered[] | null>(null);
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (!DASHBOARD_PATHS.includes(path)) return;
    let live = true;
    void earlyLook(DASHBOARD_LIST).then((body) => {
      const data = (body as { data?: unknown } | null)?.data;
      if (live && Array.isArray(data) && data.length && !listShown()) setRows(data as Registered[]);
    });
    return () => {
      live = false;
    };
  }, [path]);
  useEffect(() => {
    if (!rows || gone) return;
    const leave = () => setGone(true);
    const watch = new MutationObserver(() => (listShown() || window.location.pathname !== path) && leave());
    watch.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(leave, 15_000);
    window.addEventListener('pointerdown', leave, { once: true, capture: true });
    window.addEventListener('keydown', leave, { once: true, capture: true });
    return () => {
      watch.disconnect();
      clearTimeout(timer);
      window.removeEventListener('pointerdown', leave, { capture: true });
      window.removeEventListener('keydown', leave, { capture: true });
    };
  }, [rows, gone, path]);
  if (!rows || gone) return null;
  return (
    <div style={{ position: 'fixed', inset: 0, zIndex: 1500, overflow: 'hidden', background: BRAND.background, fontFamily: FRAME_FONT }}>
      <div dangerouslySetInnerHTML={{ __html: APP_BAR_HTML }} />
      <h1 style={{ margin: '16px 16px 8px', fontSize: '1.25rem', fontWeight: 400 }}>Dashboard</h1>
      <ul aria-label="Registrations" style={{ listStyle: 'none', margin: 0, padding: 0, background: '#fff' }}>
        {rows.map((r) => (
          <li key={r.id} className="first-rows-row" style={{ padding: '8px 16px', borderBottom: '1px solid rgba(0,0,0,0.12)' }}>
            <span style={{ display: 'block', overflowWrap: 'anywhere' }}>
              {r.name}
              <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>, </span>
            </span>
            <span style={{ display: 'block', marginTop: 4, fontSize: '0.875rem', color: 'rgba(0,0,0,0.6)' }}>{nepalDateTime(r.created_at)}</span>
            <span style={{ display: 'block', fontSize: '0.875rem', color: 'rgba(0,0,0,0.6)' }}>{registrationLine(r)}</span>
          </li>
        ))}
      </ul>
      <p role="status" style={{ margin: '16px', textAlign: 'center', color: 'rgba(0,0,0,0.6)' }}>
        Loading...
      </p>
    </div>
  );
};
