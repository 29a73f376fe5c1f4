import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getBikeModels, getBranches, getSettings } from './api';
import App from './App';
import { matchRoute, routeStaticLinks } from './router';
import { captureUtmSource } from './utm';
import { wireLangSwitch } from './i18n';
import './styles.css';

captureUtmSource();
wireLangSwitch();
routeStaticLinks();
// Start the calls the landing page needs before React renders (they are cached).
getSettings().catch(() => undefined);
if (!['winners', 'fairness', 'reset-password', 'not-found'].includes(matchRoute(window.location.pathname).name)) {
  getBranches().catch(() => undefined);
  getBikeModels().catch(() => undefined);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
