// Names in order without case, character by character. For the names the site sorts (enchants: Latin
// letters, spaces and apostrophes; the game's stat names: letters and underscores) that is the English
// order localeCompare gives (a test checks both), without loading the browser's locale data, a
// long task on a phone as a page hydrates.

export function caselessOrder(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
