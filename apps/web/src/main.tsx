// First: it configures Zod before any module builds a schema.
import './lib/zod-config.ts';
import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/space-grotesk/wght.css';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createRouter, preloadPublicPage, routerReady } from './app/app.tsx';
import { scopeSessionCookies } from './lib/session.ts';
import { checkStoredSession } from './lib/session-check.ts';
import { loadSiteConfig } from './lib/site-config.tsx';

// Spec 2.1: the configuration decides the route set, so it is read before anything renders.
async function start() {
  // index.html preloads /api/config; meanwhile the page's own chunks download too.
  preloadPublicPage(window.location);
  const config = await loadSiteConfig();
  // The admin hosts share the session with the main site through the mirror cookies (spec 9), which
  // reach no further than they need (lib/session-cookies.ts).
  scopeSessionCookies(config.adminHosts);
  // Spec 4: the stored session (or one the mirror cookies hold) is checked once, alongside the first
  // render rather than before it, so no page waits on it; if it fails, the session expires and the
  // app goes to /login.
  void checkStoredSession();
  const router = await createRouter(config);
  await routerReady(router);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App config={config} router={router} />
    </StrictMode>,
  );
}

void start();
