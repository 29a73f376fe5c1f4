import type { Settings } from '../api';
import { digits, t } from '../i18n';
import { onLinkClick } from '../router';

/** The footer's content (rendered into the static <footer id="footer">). `social`: list the social links here (the winner list shows them in its own section). */
/** The full pages' way back to the landing page. */
export function BackToHome() {
  return (
    <p>
      <a href="/" onClick={onLinkClick}>
        {t('← Back to Home')}
      </a>
    </p>
  );
}

export function SiteFooter({ settings, social = true }: { settings?: Settings; social?: boolean }) {
  const year = new Date().getFullYear();
  const links = social ? (settings?.social_links ?? []) : [];
  const phones = settings?.support_phones ?? [];
  return (
    <>
      {links.length > 0 && (
        <nav aria-label={t('Social media')}>
          <ul className="inline-list">
            {links.map((l) => (
              <li key={l.url}>
                <a href={l.url} target="_blank" rel="noopener noreferrer">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {phones.length > 0 && (
        <p>
          {t('Support:')}{' '}
          {phones.map((p, i) => (
            <span key={p}>
              {i > 0 && ', '}
              <a href={`tel:${p.replace(/[^0-9+]/g, '')}`}>{p}</a>
            </span>
          ))}
        </p>
      )}
      <p>
        {settings?.official_website && (
          <>
            <a href={settings.official_website} target="_blank" rel="noopener noreferrer">
              {t('Official website')}
            </a>
            {' · '}
          </>
        )}
        <a href="/fairness" onClick={onLinkClick}>
          {t('How prizes are drawn')}
        </a>
        {' · '}
        <a href="/login">{t('Staff login')}</a>
      </p>
      <p className="copyright">
        {t('© {year} {brand}. All rights reserved.', { year: digits(year), brand: settings?.brand_name || 'Campaign 2082' })}
      </p>
    </>
  );
}
