// The message catalogues (README, Languages; docs/translations.md): `npm run i18n:extract` writes
// every message the code holds into one PO file per language and catalogue, the format Weblate and
// Crowdin read; the web app compiles them when it is built (apps/web/vite.config.ts), the server
// reads its own at start (apps/server/src/i18n.ts).
//
// The web app's messages are split by page, so that a page loads the words it shows: `site` holds
// what every page needs (the header, the footer, the home page, sign-in, shared components), and
// each lazy page has its own, loaded with its code (apps/web/src/app/public-routes.tsx). A feature's
// catalogue holds the messages of the files under its folders; features import none of each other's
// modules (only the site's), so a page never shows a message of a catalogue it has not loaded.
import { formatter } from '@lingui/format-po';

const WEB = '<rootDir>/apps/web/src';
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];

/**
 * Each page's catalogue, by the folders (or files) under apps/web/src its messages are in. The web
 * app lists the same names (apps/web/src/lib/catalogue-parts.ts; a test holds the two together).
 */
export const PAGE_CATALOGUES = {
  auction: ['features/auction'],
  enchants: ['features/enchants'],
  docs: ['features/docs'],
  profile: ['features/profile', 'features/social'],
  players: ['features/players', 'features/gangs'],
  leaderboard: ['features/leaderboard'],
  status: ['features/status'],
  punishments: ['features/punishments'],
  privacy: ['features/privacy'],
  notifications: ['features/notifications'],
  admin: ['features/admin', 'app/admin-*'],
};

/** @param {string[]} paths */
const globs = (paths) => paths.map((path) => `${WEB}/${path}${path.endsWith('*') ? '' : '/**'}`);

/** @type {import('@lingui/conf').LinguiConfig} */
export default {
  sourceLocale: 'en',
  locales: ['en', 'de', 'es', 'fr', 'pl', 'pt-BR', 'ru'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    // What every page shows: loaded with the first page.
    {
      path: `${WEB}/locales/{locale}/site`,
      include: [WEB],
      exclude: [...globs(Object.values(PAGE_CATALOGUES).flat()), ...TESTS],
    },
    ...Object.entries(PAGE_CATALOGUES).map(([name, paths]) => ({
      path: `${WEB}/locales/{locale}/${name}`,
      include: globs(paths),
      exclude: TESTS,
    })),
    // The server's own words: link previews' titles, descriptions and cards.
    {
      path: '<rootDir>/apps/server/src/locales/{locale}/server',
      include: ['<rootDir>/apps/server/src'],
      exclude: TESTS,
    },
  ],
};
