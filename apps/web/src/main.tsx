import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/space-grotesk/wght.css';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createRouter } from './app/app.tsx';
import { loadSiteConfig } from './lib/site-config.tsx';

// Spec 2.1: the configuration decides the route set, so it is read before anything renders.
async function start() {
  const config = await loadSiteConfig();
  const router = await createRouter(config);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App config={config} router={router} />
    </StrictMode>,
  );
}

void start();
