import { rupees } from '@campaign/domain';
import { getSettings, getVideos } from '../api';
import { BackToHome } from '../components/Layout';
import { onLinkClick } from '../router';
import { useData } from '../useData';

/** `/winner-list`: winner video thumbnails that link out, social links, privacy policy, back home. */
export default function WinnerListPage() {
  const settings = useData(getSettings).data;
  const videos = useData(getVideos);
  const list = videos.data ?? [];
  const social = settings?.social_links ?? [];

  return (
    <div className="page">
      <BackToHome />
      <h1>Winners</h1>
      {videos.loading && <p role="status">Loading winners…</p>}
      {!videos.loading && list.length === 0 && <p className="muted">The winners will be announced here soon.</p>}
      {list.length > 0 && (
        <ul className="video-grid">
          {list.map((v, i) => (
            <li key={v.id}>
              <a href={v.url} target="_blank" rel="noopener noreferrer">
                <span className="video-thumb">
                  {v.thumbnail ? (
                    <img
                      src={v.thumbnail.thumbnail || v.thumbnail.url}
                      width="320"
                      height="180"
                      alt=""
                      loading={i < 4 ? 'eager' : 'lazy'}
                      decoding="async"
                    />
                  ) : null}
                  <svg viewBox="0 0 44 44" aria-hidden="true">
                    <circle cx="22" cy="22" r="21" fill="rgba(15,23,42,.7)" />
                    <path d="M17 13l14 9-14 9z" fill="#fff" />
                  </svg>
                </span>
                <span className="caption">
                  <strong>{v.title}</strong>
                  {v.amount ? <span className="nowrap">{rupees(v.amount)}</span> : null}
                  <span className="sr-only"> (video opens in a new tab)</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {/* Below the list: shown once the list is in, so it never moves when the list arrives. */}
      {!videos.loading && social.length > 0 && (
        <nav aria-label="Follow us">
          <h2>Follow us</h2>
          <ul className="inline-list start">
            {social.map((l) => (
              <li key={l.url}>
                <a href={l.url} target="_blank" rel="noopener noreferrer">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {!videos.loading && (
        <p>
          <a href="/#privacy-policy" onClick={onLinkClick}>
            Privacy Policy
          </a>
        </p>
      )}
    </div>
  );
}
