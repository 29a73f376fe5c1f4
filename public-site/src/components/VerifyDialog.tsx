import { digitsOf } from '@campaign/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, getEnquiry, resendCode, verifyEnquiry, type Enquiry } from '../api';
import { markCodeSent, secondsUntilResend } from '../resendClock';
import { clearDraft, navigate } from '../router';
import { num, t, tx } from '../i18n';
import { Modal } from './Modal';

const drawPath = (slug: string) => `/enquiry/${encodeURIComponent(slug)}/draw`;

/** `/enquiry/{slug}/verify`: one OTP input for the code sent to the registered phone. */
export default function VerifyDialog({ slug }: { slug: string }) {
  const [enquiry, setEnquiry] = useState<Enquiry | null>(null);
  const [loadError, setLoadError] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [left, setLeft] = useState(() => secondsUntilResend(slug));
  const [resending, setResending] = useState(false);
  const [notice, setNotice] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    getEnquiry(slug).then(
      (e) => {
        if (!live) return;
        if (e.is_verified) navigate(drawPath(slug), { replace: true });
        else setEnquiry(e);
      },
      (err: ApiError) => live && setLoadError(err.status === 404 ? t('We could not find this registration.') : err.message),
    );
    void import('../pages/DrawPage'); // warm the wheel while the code is typed
    return () => {
      live = false;
    };
  }, [slug]);

  useEffect(() => {
    if (left <= 0) return;
    const t = setInterval(() => setLeft(secondsUntilResend(slug)), 1000);
    return () => clearInterval(t);
  }, [left > 0, slug]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setNotice('');
    if (!code.trim()) {
      setError(t('OTP is required'));
      input.current?.focus();
      return;
    }
    setVerifying(true);
    setError('');
    try {
      // The record the code opened: this one, or the phone's existing record (issue #32).
      const opened = await verifyEnquiry(slug, code.trim());
      // Done: the form's draft (EnquiryDialog) goes, and the prize takes this dialog's place in
      // the history. Back from the prize then reaches what came before this dialog (the sent
      // form's entry, which goes on to the landing page once its draft is gone), never this
      // dialog, which sends a verified visitor on to the wheel to see it spin again.
      clearDraft('/enquiry');
      navigate(drawPath(opened.slug), { replace: true });
    } catch (err) {
      setVerifying(false);
      const e = err instanceof ApiError ? err : new ApiError(0, t('Something went wrong. Please try again.'));
      const detail = e.field('code') ?? e.field('otp') ?? e.message;
      setError(e.status === 422 ? (detail && detail !== 'Invalid OTP' ? `${t('Invalid OTP.')} ${detail}` : t('Invalid OTP')) : detail);
      input.current?.focus();
    }
  };

  const resend = async () => {
    setResending(true);
    setNotice('');
    try {
      const res = await resendCode(slug);
      markCodeSent(slug);
      setNotice(res?.message || t('A new code has been sent to your phone.'));
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, t('Something went wrong. Please try again.'));
      if (e.status === 429) markCodeSent(slug, e.retryAfter ?? 60);
      setNotice(e.message);
    } finally {
      setResending(false);
      setLeft(secondsUntilResend(slug));
    }
  };

  return (
    <Modal title={t('Verify Your Phone Number')} onClose={() => navigate('/')} closeButton>
      {loadError ? (
        <p className="alert" role="alert">
          {loadError}
        </p>
      ) : !enquiry ? (
        <p role="status">{t('Loading…')}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>
            {tx('We have sent a one-time code (OTP) by SMS to your registered phone {phone}.', { phone: <strong className="nowrap">{enquiry.phone}</strong> })}
          </p>
          <div className="field">
            <label className="label" htmlFor={id}>
              {t('OTP')}
            </label>
            <input
              ref={input}
              id={id}
              name="otp"
              className="otp"
              value={code}
              onChange={(e) => {
                setCode(digitsOf(e.target.value));
                if (error) setError('');
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-err` : undefined}
            />
            {error && (
              <p id={`${id}-err`} className="error">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary wide" disabled={verifying} aria-busy={verifying}>
            {verifying ? t('Verifying...') : t('Verify OTP')}
          </button>
          <p className="resend">
            {t('Did not get the code?')}{' '}
            <button type="button" className="btn-link" onClick={resend} disabled={left > 0 || resending}>
              {t('Resend code')}
              {left > 0 ? ` (${t('{n}s', { n: num(left) })})` : ''}
            </button>
          </p>
          <p className="muted" role="status">
            {notice}
          </p>
        </form>
      )}
    </Modal>
  );
}
