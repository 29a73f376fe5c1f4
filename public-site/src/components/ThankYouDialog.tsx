import { getSettings } from '../api';
import { navigate, onLinkClick } from '../router';
import { useData } from '../useData';
import { t } from '../i18n';
import { Modal } from './Modal';

/** `/thankyou-for-test-ride-booking`: shown after a test-ride or bike booking. */
export default function ThankYouDialog() {
  const settings = useData(getSettings).data;
  const home = () => navigate('/');
  return (
    <Modal title={t('Thank You for Test Ride Booking.')} onClose={home} className="thanks">
      <p>{t('We will contact you with 3 working days.')}</p>
      <ul className="link-list">
        {settings?.official_website && (
          <li>
            <a href={settings.official_website} target="_blank" rel="noopener noreferrer">
              {t('Visit our official website')}
            </a>
          </li>
        )}
        <li>
          <a href="/#showrooms" onClick={onLinkClick}>
            {t('Find the nearest authorised dealers')}
          </a>
        </li>
      </ul>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={home}>
          {t('Go back to dashboard')}
        </button>
      </div>
    </Modal>
  );
}
