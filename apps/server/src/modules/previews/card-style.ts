// The site's look, as the preview cards need it: the dark theme's colours (apps/web/src/index.css),
// the rank and gang status badge tones (features/leaderboard/rank-badge.tsx, features/social), the
// gang colours of spec 5 and the compact money of apps/web/src/lib/money.ts. Cards are always
// drawn dark: the site's default theme (spec 4), and what a chat app shows best.

export const COLORS = {
  canvas: '#07090f',
  surface: '#0d111b',
  surfaceRaised: '#121827',
  fg: '#eef1f8',
  muted: '#a2abc0',
  line: 'rgba(255,255,255,0.08)',
  lineStrong: 'rgba(255,255,255,0.16)',
  accent: '#fbbf24',
} as const;

export interface Tone {
  text: string;
  background: string;
  ring: string;
}

const tone = (text: string, rgb: string, alpha: number, ring: string): Tone => ({
  text,
  background: `rgba(${rgb},${alpha})`,
  ring,
});

const RANK_TONES: Record<string, Tone> = {
  ROOKIE: tone('#6ee7b7', '16,185,129', 0.12, 'rgba(52,211,153,0.25)'),
  CADET: tone('#7dd3fc', '14,165,233', 0.12, 'rgba(56,189,248,0.25)'),
  SENTINEL: tone('#a5b4fc', '99,102,241', 0.12, 'rgba(129,140,248,0.3)'),
  COMMANDER: tone('#fcd34d', '251,191,36', 0.15, 'rgba(251,191,36,0.3)'),
  DOMINUS: tone('#fda4af', '244,63,94', 0.12, 'rgba(251,113,133,0.3)'),
  ARCHON: tone('#f0abfc', '217,70,239', 0.15, 'rgba(232,121,249,0.35)'),
};
const NEUTRAL = tone('#d4d4d8', '113,113,122', 0.12, 'rgba(113,113,122,0.25)');

/** Spec 3 Ranks: each its own colour; any other rank grey. */
export const rankTone = (rank: string): Tone => RANK_TONES[rank.toUpperCase()] ?? NEUTRAL;

/** Spec 4 gang status colours: Open green, InviteOnly amber, Closed red, others neutral. */
export function gangStatusTone(status: string): Tone {
  if (status === 'Open') return RANK_TONES.ROOKIE!;
  if (status === 'InviteOnly') return RANK_TONES.COMMANDER!;
  if (status === 'Closed') return RANK_TONES.DOMINUS!;
  return NEUTRAL;
}

export const gangStatusLabel = (status: string) => (status === 'InviteOnly' ? 'Invite only' : status);

const GANG_DEFAULT_COLOR = '#64748b';
const GAME_COLORS: Record<string, string> = {
  black: '#000000',
  dark_blue: '#0000aa',
  dark_green: '#00aa00',
  dark_aqua: '#00aaaa',
  dark_red: '#aa0000',
  dark_purple: '#aa00aa',
  gold: '#ffaa00',
  gray: '#aaaaaa',
  dark_gray: '#555555',
  blue: '#5555ff',
  green: '#55ff55',
  aqua: '#55ffff',
  red: '#ff5555',
  light_purple: '#ff55ff',
  yellow: '#ffff55',
  white: '#ffffff',
};

/** Spec 5: hex of 3 or 6 digits (optional #) or a game colour name; otherwise the default. Six digits. */
export function gangColor(color: string | null | undefined): string {
  const value = color?.trim() ?? '';
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1]?.toLowerCase();
  if (hex) return `#${hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex}`;
  const name = value.toLowerCase().replace(/[\s_]+/g, '_');
  return Object.hasOwn(GAME_COLORS, name) ? GAME_COLORS[name]! : GANG_DEFAULT_COLOR;
}

/** Whether dark marks read better than white ones on this six-digit colour. */
export function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.6;
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const UNITS: [number, string][] = [
  [1e18, 'Qi'],
  [1e15, 'Q'],
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
];

export const formatWhole = (value: number) => whole.format(Math.round(value));

/** "$3.01Q", "$12.5B", "$48,210": a sum that fits a tile. */
export function formatMoneyCompact(value: number): string {
  if (!Number.isFinite(value)) return '$0';
  const size = Math.abs(value);
  const unit = UNITS.find(([scale]) => size >= scale);
  const text = unit ? `${twoDecimals.format(size / unit[0])}${unit[1]}` : whole.format(Math.round(size));
  return value < 0 && text !== '0' ? `-$${text}` : `$${text}`;
}
