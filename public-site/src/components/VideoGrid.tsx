import { money, named, t } from '../i18n';
import type { Video } from '../api';

/**
 * Winner videos as cards (thumbnail with a play mark, title, amount) that open the video in
 * a new tab: the winner list shows them all, the landing page the latest few. Images carry
 * their size (no layout shift); the first `eager` load at once, the rest when scrolled to.
 */
export function VideoGrid({ videos, eager = 0 }: { videos: Video[]; eager?: number }) {
  return (
    <ul className="video-grid">
      {videos.map((v, i) => (
        <li key={v.id}>
          <a href={v.url} target="_blank" rel="noopener noreferrer">
            <span className="video-thumb">
              {v.thumbnail ? (
                <img
                  src={v.thumbnail.thumbnail || v.thumbnail.url}
                  width="320"
                  height="180"
                  alt=""
                  loading={i < eager ? 'eager' : 'lazy'}
                  decoding="async"
                />
              ) : null}
              <svg viewBox="0 0 44 44" aria-hidden="true">
                <circle cx="22" cy="22" r="21" fill="rgba(15,23,42,.7)" />
                <path d="M17 13l14 9-14 9z" fill="#fff" />
              </svg>
            </span>
            <span className="caption">
              <strong>{named(v.title, v.title_ne)}</strong>
              {v.amount ? <span className="nowrap">{money(v.amount)}</span> : null}
              <span className="sr-only"> {t('(video opens in a new tab)')}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
