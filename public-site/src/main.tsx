import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getBranches, getSettings } from './api';
import App from './App';
import { matchRoute } from './router';
import { captureUtmSource } from './utm';
import './styles.css';

captureUtmSource();
// Start the two calls the landing page needs before React renders (they are cached).
if (matchRoute(window.location.pathname).name !== 'winners') {
  getSettings().catch(() => undefined);
  getBranches().catch(() => undefined);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
