// The web app's message catalogues (lingui.config.js, PAGE_CATALOGUES): `site` for what every page
// shows, one for each lazy page's own words, and the admin console's. A module of its own, free of
// any import, for the build's configuration (vite.config.ts) as much as for the app (i18n.ts).
export const CATALOGUE_PARTS = [
  'site',
  'auction',
  'enchants',
  'docs',
  'profile',
  'players',
  'leaderboard',
  'status',
  'punishments',
  'privacy',
  'notifications',
  'admin',
] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];
