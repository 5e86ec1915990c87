// Spec 2.2: the top navigation and its active rule.
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/enchants', label: 'Enchants' },
  { to: '/docs', label: 'Docs' },
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/auction', label: 'Auction' },
  { to: '/social', label: 'Social' },
] as const;

/** Active on an exact match or below the link's path; Home only on exactly "/". */
export function isNavActive(linkPath: string, currentPath: string): boolean {
  if (linkPath === '/') return currentPath === '/';
  return currentPath === linkPath || currentPath.startsWith(`${linkPath}/`);
}
