import {
  adToBs,
  bothCalendars,
  checkPublicDraw,
  drawOutcome,
  fingerprintOf,
  formatDrawId,
  normaliseDrawId,
  DRAW_ID_PATTERN,
  toDevanagariDigits,
  type PublicDrawCheck,
} from '@campaign/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, getFairnessChain, getFairnessDay, getFairnessDays, getFairnessDraw, type PublicDayAnswer } from '../api';
import { BackToHome } from '../components/Layout';
import { useData } from '../useData';
import { day as readDay, lang, money, num, t, tx, useLang, type Text } from '../i18n';

/** An instant in Nepal's time: in Nepali the BS day and the time in Nepali digits ('२०८३-०८-११ वि.सं. २२:००'; the browser's own 'ne-NP' format printed '2026 M11 27 18:45'). */
const nepalTime = (iso: string) => {
  if (lang() !== 'ne') return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kathmandu', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kathmandu', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${readDay(`${part('year')}-${part('month')}-${part('day')}`)} ${toDevanagariDigits(`${part('hour')}:${part('minute')}`)}`;
};
/** A day: both calendars in English, the BS date in Nepali. */
const calendarDay = (ad: string) => (lang() === 'ne' ? readDay(ad) : bothCalendars(ad));

type Check = PublicDrawCheck<PublicDayAnswer>;

/**
 * What "late" means (`late`: committed after the day began, a finding of the verifier, so a late
 * commitment never passes as an on-time one). It happens when the server was not running at the
 * commitment time the evening before, as on a campaign day when the server is first started: the
 * commitment is then made at start-up or by the day's first draw, which asks for it before
 * rolling, so no draw of the day comes before it. Expected then, so it is told, not shown as an error.
 */
const LATE_WHY: Text =
  "The commitment was made after the day began, not the evening before: the server was not running at the commitment time (as on the day the campaign was installed), so it was made later, still before the day's first draw.";
/** The closing commitment is late by design: made once the campaign's last day has ended, to seal the last days; nothing is drawn on its day. */
const CLOSING_WHY: Text = "This is the closing commitment, made after the campaign's last day ended to seal the results of the last days. No prize is drawn on this day.";

/**
 * `/fairness`: every day's commitments, and "check my prize": the visitor's draw recomputed
 * in their own browser from the revealed day seed, with the same code the server draws with
 * (`@campaign/domain`, pure JavaScript hashing, so it works over plain HTTP too).
 */
export default function FairnessPage() {
  const days = useData(getFairnessDays);
  const chain = useData(getFairnessChain);
  useLang();
  const [typed, setTyped] = useState(() => new URLSearchParams(window.location.search).get('draw') ?? '');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState('');
  const [check, setCheck] = useState<Check | null>(null);
  // The day the command's example names: one the table shows, never a made-up one.
  const example = days.data?.find((d) => d.revealed && !d.closing) ?? days.data?.[0];

  const run = async (text: string) => {
    setError('');
    setCheck(null);
    const id = normaliseDrawId(text);
    if (!DRAW_ID_PATTERN.test(id)) return setError(t('A draw id has 12 letters and digits, like 7KQ2-M9XD-4RTB.'));
    setChecking(true);
    try {
      setCheck(await checkPublicDraw(id, { draw: getFairnessDraw, day: getFairnessDay }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('Something went wrong. Please try again.'));
    } finally {
      setChecking(false);
    }
  };

  useEffect(() => {
    if (typed) void run(typed);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(typed);
  };

  return (
    <div className="page fairness">
      <BackToHome />
      <h1>{t('How prizes are drawn')}</h1>
      <p>
        {t(
          "Every prize is drawn so that anyone can check it. Before each day begins (the evening before, at the time listed below) we publish two fingerprints: one of the day's secret number and one of the day's prize scheme. Your browser adds a random number of its own when you register, which we cannot know in advance. Your draw is computed from both. After the day ends we publish the secret number, and this page recomputes your draw in your own browser.",
        )}
      </p>
      {/* One line while it loads and once it has come (closed), so nothing below moves. */}
      {chain.loading ? (
        <p className="chain-head" role="status">
          {t('Chain head: {fp}', { fp: '…' })}
        </p>
      ) : (
        chain.data?.head && (
          <details className="chain-head">
            <summary>{tx('Chain head: {fp}', { fp: <code>{fingerprintOf(chain.data.head)}</code> })}</summary>
            <p>
              {t(
                "Each day's commitment includes the commitment before it, so no past day can be changed without changing every later one. The newest commitment's full hash:",
              )}
            </p>
            <code className="hash">{chain.data.head}</code>
          </details>
        )
      )}

      <section aria-labelledby="check-heading" className="check">
        <h2 id="check-heading">{t('Check my prize')}</h2>
        <form onSubmit={submit} noValidate>
          <label htmlFor="draw-id">{t('Draw id (from your prize page or SMS)')}</label>
          <div className="inline-form">
            <input id="draw-id" name="draw" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="7KQ2-M9XD-4RTB" autoComplete="off" spellCheck={false} />
            <button type="submit" className="btn btn-primary" disabled={checking}>
              {checking ? t('Checking…') : t('Check my prize')}
            </button>
          </div>
        </form>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        {check && <Verdict check={check} />}
      </section>

      <section aria-labelledby="days-heading">
        <h2 id="days-heading">{t('Daily commitments')}</h2>
        {/*
          Above the table: the table grows when the days arrive, and nothing after it moves. The
          example is a day of the table (the newest that has ended, which the command can check,
          else the newest), in BS as the table shows it, with this site's address; while the days
          load it keeps its room with the day's format (same width in monospace), and with no day
          committed there is no command at all.
        */}
        {(days.loading || example) && (
          <p className="muted">
            {tx("To check a whole day yourself: {command} in the campaign's source code recomputes every draw of the day from this public data.", {
              command: (
                <code>
                  npm run verify-draws -- --day {example ? (adToBs(example.day) ?? example.day) : 'YYYY-MM-DD'} --url {window.location.origin}
                </code>
              ),
            })}
          </p>
        )}
        {days.loading && <p role="status">{t('Loading…')}</p>}
        {days.data && days.data.length === 0 && <p className="muted">{t('No day has been committed yet.')}</p>}
        {days.data && days.data.length > 0 && (
          <div className="table-scroll">
            <table className="commitments">
              <thead>
                <tr>
                  <th scope="col">{t('Day')}</th>
                  <th scope="col">{t('Committed')}</th>
                  <th scope="col">{t('Commitment fingerprint')}</th>
                </tr>
              </thead>
              {/* A body per day: its row, then its full hashes across the table's width (a tap opens them; nothing hides behind a hover). */}
              {days.data.map((d) => (
                <tbody key={d.day}>
                  {/* Each cell names its column (data-label): on a phone the rows stack as cards and show it. */}
                  <tr>
                    <td data-label={t('Day')}>{calendarDay(d.day)}</td>
                    <td data-label={t('Committed')}>
                      {nepalTime(d.committed_at)}
                      {d.late && (
                        <>
                          <span className="late"> {t('(late: after the day began)')}</span>
                          <small className="late-why">{d.closing ? t(CLOSING_WHY) : t(LATE_WHY)}</small>
                        </>
                      )}
                    </td>
                    <td data-label={t('Commitment fingerprint')}>
                      <code>{d.fingerprint}</code>
                    </td>
                  </tr>
                  <tr>
                    <td colSpan={3}>
                      <details>
                        <summary>{t('Full hashes')}</summary>
                        <Hashes day={d} />
                      </details>
                    </td>
                  </tr>
                </tbody>
              ))}
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

/** A day's full hashes, each whole on its own line (monospace, wrapping anywhere), to read or copy on a phone. */
function Hashes({ day }: { day: PublicDayAnswer }) {
  return (
    <dl className="hashes">
      <dt>{t('Commitment hash')}</dt>
      <dd>
        <code>{day.commitment_hash}</code>
      </dd>
      <dt>{t('Seed fingerprint')}</dt>
      <dd>
        <code>{day.seed_hash}</code>
      </dd>
      <dt>{t('Scheme fingerprint')}</dt>
      <dd>
        <code>{day.allocation_set_hash}</code>
      </dd>
      {day.prev_hash && (
        <>
          <dt>{t('Previous commitment')}</dt>
          <dd>
            <code>{day.prev_hash}</code>
          </dd>
        </>
      )}
      <dt>{t('Seed')}</dt>
      <dd>{day.seed ? <code>{day.seed}</code> : <span className="muted">{t('after the day')}</span>}</dd>
    </dl>
  );
}

/** The draw day's fingerprint, as the prize dialog and SMS show it, for the customer to compare. */
function DayFingerprint({ day }: { day: PublicDayAnswer }) {
  if (!day.fingerprint) return null;
  return (
    <p>
      {tx("Fingerprint of the day's commitment: {fp}", { fp: <code>{day.fingerprint}</code> })}{' '}
      {t('It should be the same as the one in your prize SMS.')}
    </p>
  );
}

function Verdict({ check }: { check: Check }) {
  const { draw, day } = check;
  const prize = money(draw.result.amount);
  if (check.dayProblems === null) {
    return (
      <div className="verdict pending" role="status">
        <p>
          <strong>{t('Your draw {id} is recorded:', { id: formatDrawId(draw.draw_id) })}</strong> {t('{prize} on {day}.', { prize, day: calendarDay(draw.day) })}
        </p>
        <p>
          {tx("The day's secret number is published after the day ends, at {time} Nepal time. Come back then to check it. Its fingerprint, published before the day began, is {hash}.", {
            time: nepalTime(day.ends_at),
            hash: <code>{day.seed_hash}</code>,
          })}
        </p>
        <DayFingerprint day={day} />
      </div>
    );
  }
  const problems = [...check.dayProblems, ...check.drawProblems];
  // Late only (the verifier found nothing but the commitment's time): everything else recomputed,
  // so the verdict says the draw checks out and why the day is late (LATE_WHY), rather than asking
  // the visitor to report what any day committed at start-up shows. Never the server's own flag.
  const outcome = drawOutcome(check);
  const ok = outcome === 'ok';
  const lateOnly = outcome === 'late';
  const rolled = check.rolls.filter((r) => r.roll !== null).length;
  return (
    <div className={`verdict ${ok ? 'ok' : lateOnly ? 'late' : 'bad'}`} role="status">
      {ok ? (
        <p>
          <strong>{t('Your prize was drawn fairly.')}</strong>{' '}
          {t(
            rolled === 0
              ? "The day's secret number matches the fingerprint published before the day began, the prize scheme matches its fingerprint, and with nothing to roll, your prize is the base prize, {prize}, exactly as recorded."
              : rolled === 1
                ? "The day's secret number matches the fingerprint published before the day began, the prize scheme matches its fingerprint, and recomputing your roll here gives {prize}, exactly as recorded."
                : "The day's secret number matches the fingerprint published before the day began, the prize scheme matches its fingerprint, and recomputing your rolls here gives {prize}, exactly as recorded.",
            { prize },
          )}
        </p>
      ) : lateOnly ? (
        <>
          <p>
            <strong>{t('Your prize checks out, but the day was committed late.')}</strong>{' '}
            {t("The day's secret number and prize scheme match their fingerprints, and recomputing your draw here gives {prize}, exactly as recorded.", { prize })}
          </p>
          <p>{t(LATE_WHY)}</p>
        </>
      ) : (
        <>
          <p>
            <strong>{t('Your draw does not check out.')}</strong> {t('Please contact the campaign with your draw id {id}.', { id: formatDrawId(draw.draw_id) })}
          </p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          {check.dayFindings.some((f) => f.kind === 'late') && <p>{t(LATE_WHY)}</p>}
        </>
      )}
      <DayFingerprint day={check.day} />
      {/* The rolls are the allocations the draw tried (its audit's `considered`): none when no special prize of the day's committed scheme had stock left for the draw's channel. */}
      {draw.considered.length === 0 ? (
        <p>
          {t(
            "No special prize was left to try when you drew (the day's scheme had none for your registration, or all had been won), so nothing was rolled: such a draw gives the base prize, {prize}.",
            { prize: money(draw.base_prize) },
          )}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="rolls">
            <caption>{t('Your rolls (below the chance wins; tried from the highest prize down)')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Prize')}</th>
                <th scope="col">{t('Chance')}</th>
                <th scope="col">{t('Roll recomputed')}</th>
                <th scope="col">{t('Recorded')}</th>
              </tr>
            </thead>
            <tbody>
              {draw.considered.map((c) => {
                const r = check.rolls.find((x) => x.allocation_id === c.allocation_id);
                return (
                  <tr key={c.allocation_id}>
                    <td>{money(c.amount)}</td>
                    <td>{num(c.threshold / 100)}%</td>
                    <td>{r?.roll ?? '–'}</td>
                    <td>
                      {c.roll ?? '–'}
                      {c.won ? ` ${c.claimed ? t('(won)') : t('(won, but the last one had just gone)')}` : ''}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted">
        {tx('Day seed {day}. Your seed {yours}.', { day: <code>{check.day.seed}</code>, yours: <code>{draw.client_seed}</code> })}
      </p>
    </div>
  );
}
