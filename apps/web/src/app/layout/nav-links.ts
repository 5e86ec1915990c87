import { msg } from '@lingui/core/macro';

// Spec 2.2: the top navigation and its active rule. The labels are shown with t(label).
export const NAV_LINKS = [
  { to: '/', label: msg({ message: 'Home', comment: 'Main navigation link to the home page' }) },
  {
    to: '/enchants',
    label: msg`Enchants`,
  },
  { to: '/docs', label: msg`Docs` },
  {
    to: '/leaderboard',
    label: msg`Leaderboard`,
  },
  {
    to: '/auction',
    label: msg`Auction`,
  },
  {
    to: '/social',
    label: msg({ message: 'Social', comment: 'Main navigation link to the players and gangs page' }),
  },
] as const;

/** Active on an exact match or below the link's path; Home only on exactly "/". */
export function isNavActive(linkPath: string, currentPath: string): boolean {
  if (linkPath === '/') return currentPath === '/';
  return currentPath === linkPath || currentPath.startsWith(`${linkPath}/`);
}
