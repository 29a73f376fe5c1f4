import { getSettings, getVideos } from '../api';
import { BackToHome } from '../components/Layout';
import { VideoGrid } from '../components/VideoGrid';
import { onLinkClick } from '../router';
import { t, useLang } from '../i18n';
import { useData } from '../useData';

/** `/winner-list`: winner video thumbnails that link out, social links, privacy policy, back home. */
export default function WinnerListPage() {
  const settings = useData(getSettings).data;
  const videos = useData(getVideos);
  useLang();
  const list = videos.data ?? [];
  const social = settings?.social_links ?? [];

  return (
    <div className="page">
      <BackToHome />
      <h1>{t('Winners')}</h1>
      {videos.loading && <p role="status">{t('Loading winners…')}</p>}
      {!videos.loading && list.length === 0 && <p className="muted">{t('The winners will be announced here soon.')}</p>}
      {list.length > 0 && (
        <VideoGrid videos={list} eager={4} />
      )}
      {/* Below the list: shown once the list is in, so it never moves when the list arrives. */}
      {!videos.loading && social.length > 0 && (
        <nav aria-label={t('Follow us')}>
          <h2>{t('Follow us')}</h2>
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
            {t('Privacy Policy')}
          </a>
        </p>
      )}
    </div>
  );
}
