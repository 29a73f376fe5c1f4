import { useEffect, useState } from 'react';
import { BRAND } from '../brand';
import { nepalDateTime, staffDate } from '../components/format';
import { ADMIN_BASE, DASHBOARD_PATHS } from '../paths';
import { preregistrationLine } from '../resources/preregistration/preregistrationLine';
import { registrationLine } from '../resources/registration/registrationLine';
import { pageKey, session } from '../providers/session';
import { APP_BAR_HTML, FRAME_FONT } from './arriving';
import { earlyLook } from '../providers/http';
import { DASHBOARD_LIST } from '../screens/coldStart';

/** MUI's `theme.breakpoints.down('sm')`, as useIsPhone asks it, without the theme (not loaded yet). */
const PHONE_QUERY = '(max-width:599.95px)';

/** A row of an early answer: what the lists' phone rows read (name, date, then a line). */
interface Row {
  id: number | string;
  name?: string;
  created_at?: string;
  [field: string]: unknown;
}

/** A screen whose first rows are drawn before its code has run: its heading, its read, its rows' words. */
interface EarlyScreen {
  title: string;
  label: string;
  /** The read whose answer holds the rows, as the screen asks it; undefined: nothing to show. */
  read: (path: string) => string | undefined;
  date: (value: unknown) => string;
  line: (row: Row) => string;
  /** Drawn only where the list shows phone rows (useIsPhone: under 600 px); a wider screen's table looks otherwise. */
  phoneOnly: boolean;
}

const PREREGISTRATION_PATH = `${ADMIN_BASE}/preregistration`;

/**
 * The screens a branch user opens every day: the dashboard (its list of purchases,
 * RegistrationDashboard.tsx, drawn early on every screen size as before) and the
 * pre-registration list, read as it was last asked (its saved filters, providers/session.ts).
 */
function earlyScreen(path: string): EarlyScreen | undefined {
  if (DASHBOARD_PATHS.includes(path))
    return { title: 'Dashboard', label: 'Registrations', read: () => DASHBOARD_LIST, date: nepalDateTime, line: registrationLine, phoneOnly: false };
  if (pageKey(path) === PREREGISTRATION_PATH)
    return { title: 'Pre-Registration', label: 'Pre-Registrations', read: (at) => session.firstReads(at)?.[0], date: staffDate, line: preregistrationLine, phoneOnly: true };
  return undefined;
}

/** The text's measures, as MUI's body has them: the same before and after the shell's styles arrive. */
const TEXT = { fontSize: 16, lineHeight: 1.5, letterSpacing: '0.00938em' } as const;

/** react-admin's list shows rows (with text: a list loading shows empty placeholder rows). */
const listShown = () => [...document.querySelectorAll('.RaList-content li, .RaDataTable-row')].some((row) => row.textContent?.trim());

/**
 * A screen's first rows before react-admin shows them (#35, the daily visit): read from the
 * answer the page asked for early (the inline script of a repeat visit, else
 * screens/coldStart.ts), in the same words as the list's phone rows (name, date; then a line),
 * as plain text over the page with 'Loading...' under them, until react-admin's list shows its
 * own rows (it takes the same answer), the page changes, the user touches or types, or 15 s
 * have passed. Any other page, a user who does not see the list, a read that fails, or a list
 * already shown: nothing.
 */
export const FirstRows = ({ path }: { path: string }) => {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [gone, setGone] = useState(false);
  const screen = earlyScreen(path);
  useEffect(() => {
    const read = screen?.read(path);
    if (!screen || !read || (screen.phoneOnly && !window.matchMedia(PHONE_QUERY).matches)) return;
    let live = true;
    void earlyLook(read).then((body) => {
      const data = (body as { data?: unknown } | null)?.data;
      if (live && Array.isArray(data) && data.length && !listShown()) setRows(data as Row[]);
    });
    return () => {
      live = false;
    };
    // The screen is chosen by the path alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
  if (!rows || gone || !screen) return null;
  return (
    // Every measure of its text its own: the page's body takes MUI's (a line-height of 1.5) when
    // the shell's styles arrive, which moved these rows under the user's eyes (a layout shift).
    <div style={{ position: 'fixed', inset: 0, zIndex: 1500, overflow: 'hidden', background: BRAND.background, fontFamily: FRAME_FONT, ...TEXT }}>
      <div dangerouslySetInnerHTML={{ __html: APP_BAR_HTML }} />
      <h1 style={{ margin: '16px 16px 8px', fontSize: '1.25rem', fontWeight: 400, lineHeight: 1.6 }}>{screen.title}</h1>
      <ul aria-label={screen.label} style={{ listStyle: 'none', margin: 0, padding: 0, background: '#fff' }}>
        {rows.map((r) => (
          <li key={r.id} className="first-rows-row" style={{ padding: '8px 16px', borderBottom: '1px solid rgba(0,0,0,0.12)' }}>
            <span style={{ display: 'block', overflowWrap: 'anywhere' }}>
              {r.name}
              <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>, </span>
            </span>
            <span style={{ display: 'block', marginTop: 4, fontSize: '0.875rem', color: 'rgba(0,0,0,0.6)' }}>{screen.date(r.created_at)}</span>
            <span style={{ display: 'block', fontSize: '0.875rem', color: 'rgba(0,0,0,0.6)' }}>{screen.line(r)}</span>
          </li>
        ))}
      </ul>
      <p role="status" style={{ margin: '16px', textAlign: 'center', color: 'rgba(0,0,0,0.6)' }}>
        Loading...
      </p>
    </div>
  );
};
