import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { t } from '../i18n';

interface Grecaptcha {
  render(el: HTMLElement, params: Record<string, unknown>): number;
  getResponse(id?: number): string;
  reset(id?: number): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __campaignRecaptchaOnload?: () => void;
  }
}

export interface CaptchaHandle {
  /** The token for the g-recaptcha-response field; '' when there is none or it cannot be read. */
  getResponse(): string;
  reset(): void;
  /** Whether the widget is on the page (so the form may insist on it). */
  rendered(): boolean;
}

const ONLOAD = '__campaignRecaptchaOnload';
let loading: Promise<void> | null = null;

/** Loads Google's script once, with an onload callback and explicit rendering. */
function loadRecaptcha(): Promise<void> {
  if (window.grecaptcha?.render) return Promise.resolve();
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      window[ONLOAD] = () => resolve();
      const s = document.createElement('script');
      s.src = `https://www.google.com/recaptcha/api.js?onload=${ONLOAD}&render=explicit`;
      s.async = true;
      s.defer = true;
      s.onerror = () => {
        loading = null;
        s.remove();
        reject(new Error('reCAPTCHA did not load'));
      };
      document.head.appendChild(s);
    });
  }
  return loading;
}

/** reCAPTCHA v2 checkbox; render it only when settings.captcha_site_key is set. */
export function Captcha({
  siteKey,
  error,
  handle,
  onChange,
}: {
  siteKey: string;
  error?: string;
  handle: Ref<CaptchaHandle>;
  onChange?: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const [failed, setFailed] = useState(false);
  const errId = useId();
  const changed = useRef(onChange);
  changed.current = onChange;

  const reset = () => {
    try {
      if (widget.current !== null) window.grecaptcha?.reset(widget.current);
    } catch {
      /* read and reset failures are ignored silently */
    }
  };

  useImperativeHandle(handle, () => ({
    getResponse() {
      try {
        return widget.current === null ? '' : (window.grecaptcha?.getResponse(widget.current) ?? '');
      } catch {
        return '';
      }
    },
    reset,
    rendered: () => widget.current !== null,
  }));

  useEffect(() => {
    let live = true;
    loadRecaptcha().then(
      () => {
        if (!live || !box.current || widget.current !== null) return;
        try {
          widget.current = window.grecaptcha!.render(box.current, {
            sitekey: siteKey,
            callback: () => changed.current?.(),
            'expired-callback': () => {
              reset();
              changed.current?.();
            },
            'error-callback': () => changed.current?.(),
          });
        } catch {
          setFailed(true);
        }
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [siteKey]);

  return (
    <div className="field captcha-field" aria-describedby={error ? errId : undefined}>
      <div ref={box} className="captcha" />
      {failed && <p className="muted">{t('The captcha could not be loaded. Please check your connection and reload the page.')}</p>}
      {error && (
        <p id={errId} className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
