import type { Settings } from '../api';
import { onLinkClick } from '../router';

/**
 * Header and footer shared by the landing page and the winner list. The header's markup is
 * repeated in index.html as the first paint, so keep both in step.
 */
export function SiteHeader({ settings }: { settings?: Settings }) {
  const brand = settings?.brand_name || 'Brand logo';
  return (
    <header className="site-header">
      <a href="/" className="logo-link" onClick={onLinkClick}>
        <img className="logo" src={settings?.logo?.url || '/logo.svg'} width="132" height="40" alt={brand} />
      </a>
      <img className="badge" src="/campaign-2082.svg" width="104" height="40" alt="Campaign 2082" />
    </header>
  );
}

/** `social`: list the social links here (the winner list shows them in its own section). */
export function SiteFooter({ settings, social = true }: { settings?: Settings; social?: boolean }) {
  const year = new Date().getFullYear();
  const links = social ? (settings?.social_links ?? []) : [];
  const phones = settings?.support_phones ?? [];
  return (
    <footer className="site-footer">
      {links.length > 0 && (
        <nav aria-label="Social media">
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
          Support:{' '}
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
              Official website
            </a>
            {' · '}
          </>
        )}
        <a href="/login">Staff login</a>
      </p>
      <p className="copyright">
        © {year} {settings?.brand_name || 'Campaign 2082'}. All rights reserved.
      </p>
    </footer>
  );
}
