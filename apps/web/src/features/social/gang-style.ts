// How a gang looks in the social hub (spec 2.8; spec 4 Gang status colours; spec 5 Gang colour).

/** A neutral slate for gangs whose colour is missing or cannot be read. */
export const GANG_DEFAULT_COLOR = '#64748b';

/** The game's sixteen named chat colours and their hex values. */
const GAME_COLORS: Record<string, string> = {
  black: '#000000',
  dark_blue: '#0000AA',
  dark_green: '#00AA00',
  dark_aqua: '#00AAAA',
  dark_red: '#AA0000',
  dark_purple: '#AA00AA',
  gold: '#FFAA00',
  gray: '#AAAAAA',
  dark_gray: '#555555',
  blue: '#5555FF',
  green: '#55FF55',
  aqua: '#55FFFF',
  red: '#FF5555',
  light_purple: '#FF55FF',
  yellow: '#FFFF55',
  white: '#FFFFFF',
};

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * Spec 5: a hex colour of 3 or 6 digits, with or without '#', or a game colour name (any case,
 * words joined by spaces or underscores); anything else gets the default colour.
 */
export function gangColor(color: string | null | undefined): string {
  const value = color?.trim() ?? '';
  const hex = HEX.exec(value);
  if (hex) return `#${hex[1]!.toLowerCase()}`;
  const name = value.toLowerCase().replace(/[\s_]+/g, '_');
  return Object.hasOwn(GAME_COLORS, name) ? GAME_COLORS[name]! : GANG_DEFAULT_COLOR;
}

export type GangStatusTone = 'green' | 'amber' | 'red' | 'neutral';

/** Spec 4: Open green, InviteOnly amber, Closed red, others neutral. */
export function gangStatusTone(status: string | null | undefined): GangStatusTone {
  if (status === 'Open') return 'green';
  if (status === 'InviteOnly') return 'amber';
  if (status === 'Closed') return 'red';
  return 'neutral';
}

export function gangStatusLabel(status: string): string {
  return status === 'InviteOnly' ? 'Invite only' : status;
}

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
