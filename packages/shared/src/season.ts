// Spec 9 Season, apart from the schemas of site-config.ts: the web app's first page load reads it
// without downloading zod.
import type { Season } from './site-config.ts';

export const SEASON: Season = {
  number: 1,
  name: 'Season I',
  status: 'live',
  totalEnchants: 47,
  dailyQuests: 10,
  maxPrestige: 5,
  lengthDays: 90,
};
