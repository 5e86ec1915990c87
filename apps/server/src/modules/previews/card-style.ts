// The site's look, as the preview cards need it: the dark theme's colours (apps/web/src/index.css)
// and the rank and gang status badge tones (apps/web/src/components/ui/rank-badge.tsx and
// gang-status-badge.tsx). The rules both sides share (gang colours, gang status, compact money)
// live in packages/shared. Cards are always drawn dark: the site's default theme (spec 4), and
// what a chat app shows best.
import { type GangStatusTone, gangStatusTone } from '@prison/shared/gang-status';

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

const STATUS_TONES: Record<GangStatusTone, Tone> = {
  green: RANK_TONES.ROOKIE!,
  amber: RANK_TONES.COMMANDER!,
  red: RANK_TONES.DOMINUS!,
  neutral: NEUTRAL,
};

/** Spec 4 gang status colours, as the site's badge draws them on the dark theme. */
export const gangStatusBadgeTone = (status: string): Tone => STATUS_TONES[gangStatusTone(status)];

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const formatWhole = (value: number) => whole.format(Math.round(value));
