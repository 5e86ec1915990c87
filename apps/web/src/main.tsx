import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/space-grotesk/wght.css';
import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createRouter, preloadPublicPage, routerReady } from './app/app.tsx';
import { followSessionLanguage } from './features/language/language-choice.ts';
import { activateLanguage, pageLanguage } from './lib/i18n.ts';
import { serverState } from './lib/server-state.ts';
import { scopeSessionCookies } from './lib/session.ts';
import { checkStoredSession } from './lib/session-check.ts';
import { loadSiteConfig } from './lib/site-config.tsx';
import { RenderedAt } from './lib/use-now.ts';

// Spec 2.1: the configuration decides the route set, so it is read before anything renders.
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // A public page the server rendered carries its configuration and data (lib/server-state.ts).
  const rendered = serverState();
  // Otherwise index.html preloads /api/config; meanwhile the page's own chunks download too.
  if (!rendered) preloadPublicPage(window.location);
  // The page's language, as the server rendered it (or chose it for index.html): its catalogue is
  // preloaded by the HTML and read before the first render, so nothing shows in another language.
  const language = activateLanguage(rendered?.language ?? pageLanguage());
  const config = rendered?.config ?? (await loadSiteConfig());
  // The admin hosts share the session with the main site through the mirror cookies (spec 9), which
  // reach no further than they need (lib/session-cookies.ts).
  scopeSessionCookies(config.adminHosts);
  // A signed-in player's language, kept on their account, follows them to this browser.
  followSessionLanguage(config.languages);
  // Spec 4: the stored session (or one the mirror cookies hold) is checked once, alongside the first
  // render rather than before it, so no page waits on it; if it fails, the session expires and the
  // app goes to /login.
  void checkStoredSession();
  const router = await createRouter(config, rendered?.router);
  // The page's lazy routes load first: hydrating before would find no page where the HTML has one.
  await Promise.all([routerReady(router), language]);
  const app = (
    <StrictMode>
      <RenderedAt value={rendered?.renderedAt ?? null}>
        <App config={config} router={router} />
      </RenderedAt>
    </StrictMode>
  );
  if (!rendered) {
    createRoot(container).render(app);
    return;
  }
  // The server rendered a signed-out page: the header shows the session once hydrated. A mismatch
  // would be a bug (React then renders the page afresh); it is reported so that tests see it.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (React Router's own client entry does the same): the page already
  // shows, and a click or a key meanwhile is answered first.
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error, info) =>
        console.error('Hydration error:', error, info.componentStack ?? ''),
    });
  });
}

void start();
