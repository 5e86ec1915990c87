import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { acknowledgeExpiry } from '../src/lib/session.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom keeps cookies between tests otherwise.
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  acknowledgeExpiry();
  document.documentElement.className = '';
});
