import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { inLang } from '@campaign/domain';
import { geographyFromBranches, nepaliNames } from '../cascade';
import { getBikeModels, getBranches, getPrizes, getSettings, getVideos, type Branch, type PrizesToday } from '../api';
import { VideoGrid } from '../components/VideoGrid';
import { panelHtml } from '../panelHtml';
import { onLinkClick } from '../router';
import { useData } from '../useData';
import { day, money, named, num, t, useLang } from '../i18n';

const loadBooking = () => import('../components/BookingDialog');
const BookingDialog = lazy(loadBooking);

/** `/`: the campaign landing page. Also the backdrop of the enquiry, verify, draw and thank-you dialogs. */
export default function LandingPage({ showNotice }: { showNotice: boolean }) {
  const settings = useData(getSettings).data;
  const branches = useData(getBranches);
  // false: closed; true: open; a number: open with that model chosen (a showcase card).
  const [booking, setBooking] = useState<boolean | number>(false);
  const lang = useLang();
  // A Nepali reader gets the Nepali panels and notice where the settings have them.
  const local = <T,>(en: T, ne: T | null | undefined): T => inLang(lang, en, ne);

  // "Book a Test Ride" is in the static hero of index.html; wire it while this page is shown.
  useEffect(() => {
    const button = document.getElementById('book-test-ride');
    if (!button) return;
    const open = () => setBooking(true);
    button.addEventListener('click', open);
    button.addEventListener('pointerenter', loadBooking);
    button.addEventListener('focus', loadBooking);
    return () => {
      button.removeEventListener('click', open);
      button.removeEventListener('pointerenter', loadBooking);
      button.removeEventListener('focus', loadBooking);
    };
  }, []);

  // The notice popup is the page's own (index.html, its dialog written by the server): it opens
  // on arrival at the home page before any script; here it opens on coming back to the home
  // page within the site, and closes (seen) on leaving it.
  useEffect(() => {
    const notice = document.getElementById('notice');
    if (!showNotice || !notice) return;
    notice.dispatchEvent(new Event('notice:open'));
    return () => void notice.dispatchEvent(new Event('notice:close'));
  }, [showNotice]);

  return (
    <div className="landing">
      <Showrooms branches={branches.data ?? []} loading={branches.loading} failed={!!branches.error} />

      <PrizesLeft />

      {/* Below what the first screen shows, so its cards never move anything in view when they arrive. */}
      <Bikes onBook={(id) => setBooking(id)} />

      <section className="panel winners-link" aria-label={t('Winners list')}>
        <LatestWinners />
        <p>{t('Meet the lucky people who already won, and watch their videos.')}</p>
        <a className="btn btn-secondary" href="winner-list" onClick={onLinkClick}>
          {t('Winners')}
        </a>
      </section>

      <RichPanel id="scheme" title={t('Scheme Details')} html={local(settings?.scheme, settings?.scheme_ne)} />
      <RichPanel id="terms" title={t('Terms and Condition')} html={local(settings?.terms, settings?.terms_ne)} />
      <RichPanel id="privacy-policy" title={t('Privacy Policy')} html={local(settings?.policy, settings?.policy_ne)} />
      {booking && (
        <Suspense fallback={null}>
          <BookingDialog onClose={() => setBooking(false)} modelId={typeof booking === 'number' ? booking : undefined} />
        </Suspense>
      )}
    </div>
  );
}

/** After the campaign's last day: what it gave, per amount and in all, with the winners and the fairness page. */
function Results({ prizes }: { prizes: PrizesToday }) {
  return (
    <section className="panel prizes-left" aria-labelledby="results-heading">
      <h2 id="results-heading">{t('The campaign has ended: thank you')}</h2>
      <p>
        <strong className="nowrap">{money(prizes.given.amount)}</strong>{' '}
        {t(prizes.given.prizes === 1 ? 'in cash discounts went to {n} customer (last day {day}).' : 'in cash discounts went to {n} customers (last day {day}).', {
          n: num(prizes.given.prizes),
          day: day(prizes.campaign_ends_on ?? ''),
        })}
      </p>
      {prizes.given.by_amount.length > 0 && (
        <ul className="tiers">
          {prizes.given.by_amount.map((t) => (
            <li key={t.amount}>
              <strong className="nowrap">{money(t.amount)}</strong> <span>{`× ${num(t.prizes)}`}</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href="/winner-list" onClick={onLinkClick}>
          {t('Meet the winners')}
        </a>
        {' · '}
        <a href="/fairness" onClick={onLinkClick}>
          {t('Check how every prize was drawn')}
        </a>
      </p>
    </section>
  );
}

/** The catalogue's models with their line and price, each with 'Book a test ride' (the booking dialog with the model chosen). */
function Bikes({ onBook }: { onBook: (modelId: number) => void }) {
  const models = useData(getBikeModels).data ?? [];
  if (!models.length) return null;
  return (
    <section className="panel bikes" aria-labelledby="bikes-heading">
      <h2 id="bikes-heading">{t('Our bikes')}</h2>
      <ul className="bike-grid">
        {models.map((m) => {
          const image = typeof m.thumbnail === 'string' ? m.thumbnail : m.thumbnail?.thumbnail || m.thumbnail?.url;
          return (
            <li key={m.id}>
              {image && <img src={image} width="320" height="213" alt="" loading="lazy" decoding="async" />}
              <h3>{named(m.title, m.title_ne)}</h3>
              {m.tagline && <p>{named(m.tagline, m.tagline_ne)}</p>}
              {m.price ? <p className="price nowrap">{m.price_from ? t('From {price}', { price: money(m.price) }) : money(m.price)}</p> : null}
              <button type="button" className="btn btn-secondary" onClick={() => onBook(m.id)} onPointerEnter={() => void loadBooking()} aria-label={t('Book a test ride on the {model}', { model: named(m.title, m.title_ne) })}>
                {t('Book a test ride')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The latest winner videos (up to four), loaded when the strip is near the screen: the winner list has them all. */
function LatestWinners() {
  const videos = useData(getVideos).data ?? [];
  const latest = [...videos].sort((a, b) => b.id - a.id).slice(0, 4);
  return latest.length > 0 ? <VideoGrid videos={latest} /> : null;
}

/** Whole days and hours until an instant (the end of the campaign's last day), or null once it has passed. */
export function timeLeft(endsAt: string | null, now: number): { days: number; hours: number } | null {
  const ms = Date.parse(endsAt ?? '') - now;
  if (!(ms > 0)) return null;
  return { days: Math.floor(ms / 86_400_000), hours: Math.floor((ms % 86_400_000) / 3_600_000) };
}

/**
 * What can still be won today across every showroom, what has been given so far and how long
 * the campaign runs (GET /api/v1/prizes: the same figure for everyone, refreshed every 30 s).
 * Its box keeps its height while it loads, so nothing below it moves.
 */
function PrizesLeft() {
  const prizes = useData(getPrizes);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  const p: PrizesToday | undefined = prizes.data;
  const left = p ? timeLeft(p.campaign_ends_at, now) : null;
  const tiers = p?.tiers.filter((t) => t.planned > 0) ?? [];
  if (p?.ended) return <Results prizes={p} />;
  return (
    <section className="panel prizes-left" aria-labelledby="prizes-left-heading">
      <h2 id="prizes-left-heading">{t('Prizes still to win today')}</h2>
      {prizes.loading && <p role="status">{t('Loading…')}</p>}
      {p && tiers.length === 0 && <p className="muted">{t("Today's special prizes will be announced soon. Every verified registration still wins a cash discount.")}</p>}
      {tiers.length > 0 && (
        <ul className="tiers">
          {tiers.map((tier) => (
            <li key={tier.amount}>
              <strong className="nowrap">{money(tier.amount)}</strong>{' '}
              <span>{tier.left > 0 ? t('{left} of {planned} left', { left: num(tier.left), planned: num(tier.planned) }) : t('all {planned} won', { planned: num(tier.planned) })}</span>
            </li>
          ))}
        </ul>
      )}
      {p && p.given.prizes > 0 && (
        <p>
          <strong className="nowrap">{money(p.given.amount)}</strong>{' '}
          {t(p.given.prizes === 1 ? 'in cash discounts given to {n} customer so far.' : 'in cash discounts given to {n} customers so far.', { n: num(p.given.prizes) })}
        </p>
      )}
      {p?.campaign_ends_on && (
        <p className="muted">
          {left
            ? t('The campaign ends in {days} and {hours} (last day {day}).', {
                days: t(left.days === 1 ? '{n} day' : '{n} days', { n: num(left.days) }),
                hours: t(left.hours === 1 ? '{n} hour' : '{n} hours', { n: num(left.hours) }),
                day: day(p.campaign_ends_on),
              })
            : t('The campaign ended on {day}.', { day: day(p.campaign_ends_on) })}
        </p>
      )}
      <p>
        <a href="/fairness" onClick={onLinkClick}>
          {t('How prizes are drawn')}
        </a>
      </p>
    </section>
  );
}

function Showrooms({ branches, loading, failed }: { branches: Branch[]; loading: boolean; failed: boolean }) {
  const [zone, setZone] = useState('');
  const [location, setLocation] = useState('');
  const zones = useMemo(() => unique(branches.map((b) => b.state)), [branches]);
  const locations = useMemo(() => unique(branches.filter((b) => !zone || b.state === zone).map((b) => b.district)), [branches, zone]);
  // The places' names in the visitor's language: the geography's Nepali names, as the branches carry them.
  const geo = useMemo(() => geographyFromBranches(branches), [branches]);
  const placeName = (level: 'state' | 'district', value: string) => {
    const state = level === 'state' ? value : branches.find((b) => b.district === value)?.state;
    return named(value, nepaliNames(geo, { state, district: value })[level]);
  };
  const shown = branches.filter((b) => (!zone || b.state === zone) && (!location || b.district === location));

  return (
    <section id="showrooms" className="panel" aria-labelledby="showrooms-title">
      <h2 id="showrooms-title">{t('Nearby Showroom')}</h2>
      <div className="filters">
        <label className="field">
          <span className="label">{t('Zone')}</span>
          <select
            value={zone}
            onChange={(e) => {
              setZone(e.target.value);
              setLocation('');
            }}
          >
            <option value="">{t('All')}</option>
            {zones.map((z) => (
              <option key={z} value={z}>
                {placeName('state', z)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="label">{t('Location')}</span>
          <select value={location} onChange={(e) => setLocation(e.target.value)}>
            <option value="">{t('All')}</option>
            {locations.map((l) => (
              <option key={l} value={l}>
                {placeName('district', l)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted one-line" role="status">
        {loading
          ? t('Loading showrooms…')
          : failed
            ? t('Showrooms are not available now.')
            : t(shown.length === 1 ? '{n} showroom' : '{n} showrooms', { n: num(shown.length) })}
      </p>
      <ul className="showroom-list" tabIndex={shown.length ? 0 : undefined} aria-label={t('Showrooms')} aria-busy={loading}>
        {shown.map((b) => (
          <li key={b.id}>
            <strong>{named(b.title, b.title_ne)}</strong>
            <span>{[named(b.location, b.location_ne), named(b.district, b.district_ne)].filter(Boolean).join(', ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Scheme, terms and policy: rich text from settings, already sanitised by the server. */
function RichPanel({ id, title, html }: { id: string; title: string; html?: string }) {
  return (
    <details id={id} className="panel rich-panel">
      <summary>{title}</summary>
      {html ? (
        <div className="rich" dangerouslySetInnerHTML={{ __html: panelHtml(html, title) }} />
      ) : (
        <p className="muted">{t('Details will be published soon.')}</p>
      )}
    </details>
  );
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b));
}
