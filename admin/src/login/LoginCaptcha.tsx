import { useEffect, useRef, useState } from 'react';
import { API_BASE } from '@campaign/domain';

/**
 * The reCAPTCHA v2 checkbox of the sign-in's second step (an account with no phone on file,
 * after many failed sign-ins, on a browser that has not signed in to it before). Its site key
 * is the public settings' `captcha_site_key`; Google's script is loaded only when asked for.
 * `onToken` gets the widget's token ('' when it expires).
 */
interface Grecaptcha {
  render(el: HTMLElement, params: Record<string, unknown>): number;
  reset(id?: number): void;
}

const ONLOAD = '__campaignLoginRecaptchaOnload';
let loading: Promise<void> | null = null;

function loadRecaptcha(): Promise<void> {
  const w = window as unknown as { grecaptcha?: Grecaptcha } & Record<string, unknown>;
  if (w.grecaptcha?.render) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    w[ONLOAD] = () => resolve();
    const s = document.createElement('script');
    s.src = `https://www.google.com/recaptcha/api.js?onload=${ONLOAD}&render=explicit`;
    s.async = true;
    s.onerror = () => {
      loading = null;
      s.remove();
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

export const LoginCaptcha = ({ onToken, resetKey }: { onToken: (token: string) => void; resetKey: number }) => {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const [failed, setFailed] = useState(false);
  const changed = useRef(onToken);
  changed.current = onToken;

  useEffect(() => {
    let live = true;
    fetch(`${API_BASE}/settings`, { headers: { Accept: 'application/json' } })
      .then((res) => res.json() as Promise<{ data?: { captcha_site_key?: string | null } }>)
      .then(async ({ data }) => {
        const siteKey = data?.captcha_site_key;
        if (!siteKey) throw new Error('no captcha site key');
        await loadRecaptcha();
        if (!live || !box.current || widget.current !== null) return;
        const g = (window as unknown as { grecaptcha: Grecaptcha }).grecaptcha;
        widget.current = g.render(box.current, {
          sitekey: siteKey,
          callback: (token: string) => changed.current(token),
          'expired-callback': () => changed.current(''),
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  // A token is used once: after each try the box is cleared for the next.
  useEffect(() => {
    if (resetKey === 0 || widget.current === null) return;
    try {
      (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha?.reset(widget.current);
    } catch {
      /* a reset that fails leaves the old box; the server refuses its used token */
    }
    changed.current('');
  }, [resetKey]);

  return (
    <div className="login-captcha">
      <div ref={box} />
      {failed && <p className="login-help">The captcha could not be loaded. Please check your connection and reload the page.</p>}
    </div>
  );
};
