import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, getSettings, requestReturnCode, verifyReturn } from '../api';
import { digitsOf, mobileDigits } from '@campaign/domain';
import { markCodeSent, secondsUntilResend } from '../resendClock';
import { entryMark, markEntry, navigate } from '../router';
import { useData } from '../useData';
import { Captcha, type CaptchaHandle } from './Captcha';
import { focusFirstError, TextField } from './Field';
import { num, t } from '../i18n';
import { Modal } from './Modal';

/** The resend clock of this dialog is per phone (no record is known before the code). */
const clockKey = (phone: string) => `return:${phone}`;

/**
 * `/enquiry/return`: "Already registered? Enter your code". The visitor gives the phone
 * (a fresh code is sent when it is registered; the answer never says whether it is), then
 * phone and code together. Only a right code opens the record: then the draw page, where
 * the wheel turns to the prize (again, for a visitor who had already verified).
 */
/** The history entry a right code was typed on is marked with the record's slug (markEntry). */
const OPENED = 'returnOpened';

export default function ReturnDialog() {
  // Back from the prize to the entry the code was typed on: the record is open and the prize
  // shown, so Back goes on to the landing page, never to an empty "Enter your code" again.
  const [finished] = useState(() => entryMark(OPENED) !== undefined);
  useEffect(() => {
    if (finished) navigate('/', { replace: true });
  }, [finished]);
  const settings = useData(getSettings).data;
  const siteKey = settings?.captcha_site_key || '';
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [errors, setErrors] = useState<{ phone?: string; code?: string; captcha?: string }>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useState(0);
  const captcha = useRef<CaptchaHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const codeId = useId();
  const national = mobileDigits(phone);

  useEffect(() => {
    if (left <= 0) return;
    const t = setInterval(() => setLeft(secondsUntilResend(clockKey(national))), 1000);
    return () => clearInterval(t);
  }, [left > 0, national]); // eslint-disable-line react-hooks/exhaustive-deps

  const fail = (err: unknown) => {
    const e = err instanceof ApiError ? err : new ApiError(0, t('Something went wrong. Please try again.'));
    const captchaError = e.field('g-recaptcha-response') ?? e.field('captcha');
    setErrors({ phone: e.field('phone'), code: e.field('code'), captcha: captchaError });
    if (e.status === 429) markCodeSent(clockKey(national), e.retryAfter ?? 60);
    if (!e.field('phone') && !e.field('code') && !captchaError) setNotice(e.message);
    focusFirstError(formRef.current);
  };

  const sendCode = async () => {
    setNotice('');
    if (!national) return (setErrors({ phone: t('Phone Number is required.') }), focusFirstError(formRef.current));
    if (siteKey && captcha.current?.rendered() && !captcha.current.getResponse()) {
      return setErrors({ captcha: t('Please confirm that you are not a robot.') });
    }
    setBusy(true);
    setErrors({});
    try {
      const res = await requestReturnCode(national, siteKey ? captcha.current?.getResponse() : undefined);
      markCodeSent(clockKey(national));
      setNotice(res.message || t('If this number is registered, a code is on its way.'));
      setStep('code');
      void import('../pages/DrawPage'); // warm the wheel while the code is typed
    } catch (err) {
      captcha.current?.reset();
      fail(err);
    } finally {
      setBusy(false);
      setLeft(secondsUntilResend(clockKey(national)));
    }
  };

  const verify = async () => {
    setNotice('');
    if (!code.trim()) return (setErrors({ code: t('OTP is required') }), focusFirstError(formRef.current));
    setBusy(true);
    setErrors({});
    try {
      const enquiry = await verifyReturn(national, code.trim());
      markEntry(OPENED, enquiry.slug);
      navigate(`/enquiry/${encodeURIComponent(enquiry.slug)}/draw`);
    } catch (err) {
      setBusy(false);
      fail(err);
    }
  };

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    void (step === 'phone' ? sendCode() : verify());
  };

  if (finished) return null;
  return (
    <Modal title={t('Enter your code')} onClose={() => navigate('/')} closeButton>
      <form ref={formRef} onSubmit={submit} noValidate>
        <p>{t('Registered already? Give the phone number you registered with; we send a code to it by SMS.')}</p>
        <TextField
          label={t('Phone Number*')}
          name="phone"
          value={phone}
          onChange={(e) => {
            setPhone(mobileDigits(e.target.value));
            setErrors((x) => ({ ...x, phone: undefined }));
          }}
          error={errors.phone}
          required
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          readOnly={step === 'code'}
        />
        {step === 'phone' ? (
          <>
            {siteKey && (
              <Captcha
                siteKey={siteKey}
                handle={captcha}
                error={errors.captcha}
                onChange={() => errors.captcha && setErrors((x) => ({ ...x, captcha: undefined }))}
              />
            )}
            <button type="submit" className="btn btn-primary wide" disabled={busy} aria-busy={busy}>
              {t('Send me a code')}
            </button>
            <p className="resend">
              <button type="button" className="btn-link" onClick={() => (setErrors({}), setStep('code'))}>
                {t('I already have a code')}
              </button>
            </p>
          </>
        ) : (
          <>
            <div className="field">
              <label className="label" htmlFor={codeId}>
                {t('OTP*')}
              </label>
              <input
                id={codeId}
                name="otp"
                className="otp"
                value={code}
                onChange={(e) => {
                  setCode(digitsOf(e.target.value));
                  setErrors((x) => ({ ...x, code: undefined }));
                }}
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                autoFocus
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={errors.code ? `${codeId}-err` : undefined}
              />
              {errors.code && (
                <p id={`${codeId}-err`} className="error">
                  {errors.code}
                </p>
              )}
            </div>
            <button type="submit" className="btn btn-primary wide" disabled={busy} aria-busy={busy}>
              {busy ? t('Verifying...') : t('Verify OTP')}
            </button>
            <p className="resend">
              <button type="button" className="btn-link" onClick={() => (setCode(''), setErrors({}), setNotice(''), setStep('phone'))}>
                {t('Change the number')}
              </button>
              {' · '}
              <button
                type="button"
                className="btn-link"
                onClick={() => (siteKey ? setStep('phone') : void sendCode())}
                disabled={left > 0 || busy}
              >
                {t('Send a new code')}
                {left > 0 ? ` (${t('{n}s', { n: num(left) })})` : ''}
              </button>
            </p>
          </>
        )}
        <p className="muted" role="status">
          {notice}
        </p>
      </form>
    </Modal>
  );
}
