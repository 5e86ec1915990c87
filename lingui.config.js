// The message catalogues (README, Languages; docs/translations.md): `npm run i18n:extract` writes
// every message the code holds into one PO file per language and catalogue, the format Weblate and
// Crowdin read; the web app compiles them when it is built (apps/web/vite.config.ts), the server
// reads its own at start (apps/server/src/i18n.ts).
import { formatter } from '@lingui/format-po';

const ADMIN = ['<rootDir>/apps/web/src/features/admin/**', '<rootDir>/apps/web/src/app/admin-*'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];

/** @type {import('@lingui/conf').LinguiConfig} */
export default {
  sourceLocale: 'en',
  locales: ['en', 'de', 'es', 'fr', 'pl', 'pt-BR', 'ru'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    // Everything the public site and a signed-in player read: loaded with the first page.
    {
      path: '<rootDir>/apps/web/src/locales/{locale}/site',
      include: ['<rootDir>/apps/web/src'],
      exclude: [...ADMIN, ...TESTS],
    },
    // The admin console's own pages: loaded with the console's code, which the public site never loads.
    { path: '<rootDir>/apps/web/src/locales/{locale}/admin', include: ADMIN, exclude: TESTS },
    // The server's own words: link previews' titles, descriptions and cards.
    {
      path: '<rootDir>/apps/server/src/locales/{locale}/server',
      include: ['<rootDir>/apps/server/src'],
      exclude: TESTS,
    },
  ],
};
