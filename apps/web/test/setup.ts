import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { activateLanguage, CATALOGUE_PARTS, loadCatalogue } from '../src/lib/i18n.ts';
import { LanguageProvider } from '../src/lib/language-provider.tsx';
import { acknowledgeExpiry } from '../src/lib/session.ts';

// Components read their words from the catalogues (docs/translations.md): every test renders inside
// the site's language provider, in English from its real catalogues, as the app does.
await Promise.all(CATALOGUE_PARTS.map((part) => loadCatalogue('en', part)));
await activateLanguage('en');
vi.mock('@testing-library/react', async (importOriginal) => {
  const library = await importOriginal<typeof import('@testing-library/react')>();
  type Wrapper = (props: { children: ReactNode }) => ReactNode;
  const inLanguage =
    (Inner?: Wrapper): Wrapper =>
    ({ children }) =>
      createElement(LanguageProvider, { i18n }, Inner ? createElement(Inner, null, children) : children);
  const withLanguage = (options?: { wrapper?: unknown }) => ({
    ...options,
    wrapper: inLanguage(options?.wrapper as Wrapper | undefined),
  });
  const render = ((ui: ReactNode, options?: { wrapper?: unknown }) =>
    library.render(ui, withLanguage(options) as never)) as unknown as typeof library.render;
  const renderHook = ((hook: never, options?: { wrapper?: unknown }) =>
    library.renderHook(hook, withLanguage(options) as never)) as unknown as typeof library.renderHook;
  return { ...library, render, renderHook };
});

// Testing Library's waits (findBy*, waitFor) give up after one second. A page's code and its answers'
// schemas load when first needed (React.lazy, lib/lazy-schema.ts), and a test file's first load of
// them (Zod and the contract's modules, the search's results) takes from a few tenths of a second to
// several on a busy machine: spent inside that second, it failed tests that had nothing wrong. So a
// wait (and a user-event action, which goes through the same wrapper) starts once the modules being
// imported as it begins have loaded, however long they take (the test's own timeout still bounds it),
// and the second is left to what the test waits for. What a page shows while its code loads is looked
// for before any wait.
const { asyncWrapper } = getConfig();
configure({
  asyncWrapper: (callback) =>
    asyncWrapper(async () => {
      await vi.dynamicImportSettled();
      return callback();
    }),
});

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
