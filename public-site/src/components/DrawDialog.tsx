import { campaignNameIn, formatDrawId, PRE_PRIZES, rupees, wheelSegments } from '@campaign/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, getEnquiry, getSettings, type Enquiry } from '../api';
import { clearDraft, navigate, onLinkClick } from '../router';
import { useData } from '../useData';
import { Modal } from './Modal';
import { ShareWithFriends } from './ShareWithFriends';
import { t, tx, useLang } from '../i18n';
import { Wheel } from './Wheel';

const loadConfetti = () => import('canvas-confetti');

/** `/enquiry/{slug}/draw`: spins to the server's pre-registration prize, then congratulates. */
export default function DrawDialog({ slug }: { slug: string }) {
  const settings = useData(getSettings);
  const [enquiry, setEnquiry] = useState<Enquiry | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const message = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      let e = await getEnquiry(slug);
      if (!e.is_verified) e = await getEnquiry(slug, true);
      if (!live) return;
      if (!e.is_verified) return navigate(`/enquiry/${encodeURIComponent(slug)}/verify`, { replace: true });
      // Verified, whichever way the visitor came (the code dialog, "Enter your code", an SMS
      // link): the registration form's draft has served and leaves the tab (EnquiryDialog).
      clearDraft('/enquiry');
      if (e.prize == null) e = await getEnquiry(slug, true);
      if (live) setEnquiry(e);
    })().catch((err: ApiError) => live && setError(err.status === 404 ? t('We could not find this registration.') : err.message));
    return () => {
      live = false;
    };
  }, [slug]);

  const prize = enquiry?.prize ?? null;
  const known = settings.data?.options?.pre_prizes?.length ? settings.data.options.pre_prizes : PRE_PRIZES;
  // Built once the settings call has settled, so the wheel does not change under the visitor.
  const segments = useMemo(
    () => (prize != null && !settings.loading ? wheelSegments(known, prize) : null),
    [prize, settings.loading], // eslint-disable-line react-hooks/exhaustive-deps
  );

  useEffect(() => {
    if (segments) void loadConfetti(); // fetch while the wheel turns
  }, [segments]);

  const onDone = () => {
    setDone(true);
    requestAnimationFrame(() => message.current?.focus());
    loadConfetti()
      .then(({ default: confetti }) => {
        if (!canvas.current) return;
        const fire = confetti.create(canvas.current, { resize: true, useWorker: false, disableForReducedMotion: true });
        void fire({ particleCount: 150, spread: 90, startVelocity: 40, origin: { y: 0.55 }, disableForReducedMotion: true });
      })
      .catch(() => undefined);
  };

  const name = enquiry?.name ?? '';
  const lang = useLang();
  return (
    <Modal title={t('Prize Draw')} onClose={() => navigate('/')} className="draw">
      <canvas ref={canvas} className="confetti" aria-hidden="true" />
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : !enquiry || !segments ? (
        prize == null && enquiry ? (
          // Verified without a prize: the record is held for its branch to check (issue #32); the reason is never told.
          <p className="note" role="status">
            {t('Your phone number is verified. Your pre-registration is being checked by the branch, who will contact you.')}
          </p>
        ) : (
          // The wheel's own box, so nothing moves when the wheel arrives.
          <>
            <p role="status" className="wheel wheel-loading">
              {t('Loading…')}
            </p>
            <div className="result-slot" />
          </>
        )
      ) : (
        <>
          <Wheel segments={segments} prize={prize!} onDone={onDone} />
          {/* The slot keeps the result's room while the wheel turns (no layout shift). */}
          <div className="result-slot">
            {done && (
              <div className="result">
                <h3 ref={message} tabIndex={-1} lang="ne">
                  बधाई छ {name}! तपाईंले <span className="nowrap">{rupees(prize, 'ne')}</span> नगद छुट जित्नुभयो।
                </h3>
                {/* The congratulation in Nepali always, with its English beside it for an English reader (docs/decisions.md, "The prize dialog"); the SMS line in the reader's language only. */}
                {lang === 'en' && (
                  <p>
                    Congratulations {name}! You have won a cash discount of <span className="nowrap">{rupees(prize)}</span>.
                  </p>
                )}
                {lang === 'ne' ? (
                  <p>
                    तपाईंको फोन <span className="nowrap">{enquiry.phone}</span> मा SMS पठाइनेछ।
                  </p>
                ) : (
                  <p className="muted">An SMS will be sent to your phone {enquiry.phone}.</p>
                )}
                {enquiry.draw_id && (
                  <p className="draw-id">
                    {tx('Your draw id: {id}.', { id: <strong className="nowrap">{formatDrawId(enquiry.draw_id)}</strong> })}{' '}
                    <a href={`/fairness?draw=${enquiry.draw_id}`} onClick={onLinkClick}>
                      {t('Check that your prize was drawn fairly')}
                    </a>
                  </p>
                )}
                {enquiry.draw_fingerprint && (
                  <p className="draw-id">
                    {tx("Fingerprint of the day's commitment: {fp}", {
                      fp: <code className="fingerprint">{enquiry.draw_fingerprint}</code>,
                    })}
                  </p>
                )}
              </div>
            )}
          </div>
        </>
      )}
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => navigate('/')}>
          {t('Close')}
        </button>
      </div>
      {/* After the actions, so its arrival moves nothing already on the screen. */}
      {done && enquiry?.share_code && <ShareWithFriends code={enquiry.share_code} campaign={settings.data ? campaignNameIn(lang, settings.data) : 'Campaign 2082'} />}
    </Modal>
  );
}
