import { gangStatusLabel } from '@prison/shared/gang-status';

/** Spec 2.8 "Search by name or status": trimmed and case-insensitive; a blank search keeps every gang. */
export function filterGangs<T extends { name: string; status: string }>(
  gangs: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...gangs];
  return gangs.filter((gang) =>
    [gang.name, gang.status, gangStatusLabel(gang.status)].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}
