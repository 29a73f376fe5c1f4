import { lazy, Suspense, useEffect } from 'react';
import LandingPage from './pages/LandingPage';
import { matchRoute, onLinkClick, useLocation } from './router';

// Everything but the landing page loads on demand (the landing JS must stay small).
const EnquiryPage = lazy(() => import('./pages/EnquiryPage'));
const VerifyPage = lazy(() => import('./pages/VerifyPage'));
const DrawPage = lazy(() => import('./pages/DrawPage'));
const ThankYouPage = lazy(() => import('./pages/ThankYouPage'));
const WinnerListPage = lazy(() => import('./pages/WinnerListPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));

const TITLES: Record<string, string> = {
  home: 'Campaign 2082',
  enquiry: 'Registration for the campaign 2082',
  verify: 'Verify OTP',
  draw: 'Prize draw',
  thankyou: 'Thank You for Test Ride Booking.',
  winners: 'Winners',
  'reset-password': 'Reset password',
  'not-found': 'Page not found',
};

export default function App() {
  const { pathname, hash } = useLocation();
  const route = matchRoute(pathname);

  useEffect(() => {
    document.title = route.name === 'home' ? TITLES.home : `${TITLES[route.name]} | Campaign 2082`;
  }, [route.name]);

  // Same-page targets such as /#showrooms or /#privacy-policy: open the panel and scroll to it.
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!el) return;
    if (el instanceof HTMLDetailsElement) el.open = true;
    el.scrollIntoView({ block: 'start' });
  }, [pathname, hash]);

  // Full pages start at the top.
  const backdrop = route.name === 'winners' || route.name === 'reset-password' || route.name === 'not-found' ? route.name : 'landing';
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [backdrop]);

  if (route.name === 'winners')
    return (
      <Page>
        <WinnerListPage />
      </Page>
    );
  if (route.name === 'reset-password')
    return (
      <Page>
        <ResetPasswordPage />
      </Page>
    );
  if (route.name === 'not-found') return <NotFound />;

  return (
    <>
      <LandingPage showNotice={route.name === 'home'} />
      <Suspense fallback={null}>
        {route.name === 'enquiry' && <EnquiryPage />}
        {route.name === 'verify' && <VerifyPage key={route.slug} slug={route.slug} />}
        {route.name === 'draw' && <DrawPage key={route.slug} slug={route.slug} />}
        {route.name === 'thankyou' && <ThankYouPage />}
      </Suspense>
    </>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<p className="page-loading">Loading…</p>}>{children}</Suspense>;
}

function NotFound() {
  return (
    <main id="main" className="page narrow">
      <h1>Page not found</h1>
      <p>
        <a href="/" onClick={onLinkClick}>
          Go to the home page
        </a>
      </p>
    </main>
  );
}
