import { useRef, useState } from 'react';
import { t } from '../i18n';
import { copyForApp, shareLink, shareTargets, shareText, type CopyOutcome } from '../share';

/**
 * "Share with friends" after the prize (#19): the phone's share sheet where the browser
 * offers one (navigator.share, HTTPS only), plain links to Facebook, WhatsApp and Viber
 * otherwise, a TikTok button that copies the words and the link to paste in the app (TikTok
 * has no web address that takes a link), and the personal link itself to copy.
 */
export function ShareWithFriends({ code, campaign }: { code: string; campaign: string }) {
  const url = shareLink(window.location.origin, code);
  const text = shareText(campaign);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const [toTikTok, setToTikTok] = useState<CopyOutcome | null>(null);
  const sheet = typeof navigator.share === 'function';

  /** Copies the link (the clipboard needs HTTPS too; otherwise the field is selected for the visitor to copy). */
  const copy = async () => {
    field.current?.select();
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  /** TikTok (its button shows only without a share sheet): the words and the link copied; without a clipboard the link is selected to copy by hand. */
  const shareToTikTok = async () => {
    const outcome = await copyForApp(navigator, { text, url });
    if (outcome === 'failed') field.current?.select();
    setToTikTok(outcome);
  };

  return (
    <section className="share" aria-labelledby="share-title">
      <h3 id="share-title">{t('Share with friends')}</h3>
      <p className="muted">{t('Friends who register through your link and verify their phone are counted for you.')}</p>
      {sheet ? (
        <button type="button" className="btn btn-primary" onClick={() => navigator.share({ title: campaign, text, url }).catch(() => undefined)}>
          {t('Share with friends')}
        </button>
      ) : (
        <>
          <ul className="share-targets">
            {shareTargets(url, text).map((target) => (
              <li key={target.name}>
                {target.href ? (
                  <a className="btn btn-secondary" href={target.href} target="_blank" rel="noopener noreferrer">
                    {target.name}
                  </a>
                ) : (
                  <button type="button" className="btn btn-secondary" onClick={() => void shareToTikTok()}>
                    {target.name}
                  </button>
                )}
              </li>
            ))}
          </ul>
          <p className="share-status" role="status">
            {toTikTok === 'copied' ? t('Link copied: paste it in TikTok') : toTikTok === 'failed' ? t('Copy your link below and paste it in TikTok.') : ''}
          </p>
        </>
      )}
      <div className="share-link">
        <input ref={field} readOnly value={url} aria-label={t('Your link')} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
          {copied ? t('Copied') : t('Copy link')}
        </button>
      </div>
    </section>
  );
}
