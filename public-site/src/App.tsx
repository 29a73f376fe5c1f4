import { lazy, Suspense, useEffect } from 'react';
import { isFullPage } from '@campaign/domain';
import { createPortal } from 'react-dom';
import { getSettings } from './api';
import { SiteFooter } from './components/Layout';
import LandingPage from './pages/LandingPage';
import { matchRoute, onLinkClick, useLocation } from './router';
import { useData } from './useData';
import { t, useLang, type Text } from './i18n';

// Everything but the landing page loads on demand (the landing JS must stay small).
const EnquiryPage = lazy(() => import('./pages/EnquiryPage'));
const VerifyPage = lazy(() => import('./pages/VerifyPage'));
const ReturnPage = lazy(() => import('./pages/ReturnPage'));
const DrawPage = lazy(() => import('./pages/DrawPage'));
const ThankYouPage = lazy(() => import('./pages/ThankYouPage'));
const WinnerListPage = lazy(() => import('./pages/WinnerListPage'));
const FairnessPage = lazy(() => import('./pages/FairnessPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));

const TITLES: Record<string, Text> = {
  home: 'Campaign 2082',
  enquiry: 'Registration for the campaign 2082',
  verify: 'Verify OTP',
  return: 'Enter your code',
  draw: 'Prize draw',
  thankyou: 'Thank You for Test Ride Booking.',
  winners: 'Winners',
  fairness: 'Fairness: check the prizes',
  'reset-password': 'Reset password',
  'not-found': 'Page not found',
};

export default function App() {
  const { pathname, hash } = useLocation();
  const route = matchRoute(pathname);
  // A switch of language re-renders the whole site (every component reads `t`).
  const lang = useLang();
  const settings = useData(getSettings).data;
  const full = isFullPage(route.name);
  const footerEl = document.getElementById('footer');
  const footer = footerEl && createPortal(<SiteFooter settings={settings} social={route.name !== 'winners'} />, footerEl);

  // The static hero (index.html) belongs to the landing page and the dialogs over it only.
  useEffect(() => {
    if (full) document.documentElement.dataset.page = 'full';
    else delete document.documentElement.dataset.page;
  }, [full]);

  useEffect(() => {
    document.title = route.name === 'home' ? t(TITLES.home) : `${t(TITLES[route.name])} | ${t('Campaign 2082')}`;
  }, [route.name, lang]);

  // Same-page targets such as /#showrooms or /#privacy-policy: open the panel and scroll to it.
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!el) return;
    if (el instanceof HTMLDetailsElement) el.open = true;
    el.scrollIntoView({ block: 'start' });
  }, [pathname, hash]);

  // Full pages start at the top.
  const backdrop = full ? route.name : 'landing';
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [backdrop]);

  if (full) {
    return (
      <>
        <Suspense fallback={<p className="page-loading">{t('Loading…')}</p>}>
          {route.name === 'winners' && <WinnerListPage />}
          {route.name === 'fairness' && <FairnessPage />}
          {route.name === 'reset-password' && <ResetPasswordPage />}
        </Suspense>
        {route.name === 'not-found' && <NotFound />}
        {footer}
      </>
    );
  }

  return (
    <>
      <LandingPage showNotice={route.name === 'home'} />
      <Suspense fallback={null}>
        {route.name === 'enquiry' && <EnquiryPage />}
        {route.name === 'return' && <ReturnPage />}
        {route.name === 'verify' && <VerifyPage key={route.slug} slug={route.slug} />}
        {route.name === 'draw' && <DrawPage key={route.slug} slug={route.slug} />}
        {route.name === 'thankyou' && <ThankYouPage />}
      </Suspense>
      {footer}
    </>
  );
}

function NotFound() {
  return (
    <div className="page narrow">
      <h1>{t('Page not found')}</h1>
      <p>
        <a href="/" onClick={onLinkClick}>
          {t('Go to the home page')}
        </a>
      </p>
    </div>
  );
}
