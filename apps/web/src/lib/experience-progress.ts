// Level progress on the hero card of the profile and the public player page (spec 2.7, spec 9 Experience).
import { xpForLevel } from '@prison/shared/experience';

interface LevelProgress {
  level: number;
  nextLevel: number;
  /** Experience above this level's threshold, clamped to 0..needed. */
  current: number;
  /** The level's width: the experience between this level's threshold and the next. */
  needed: number;
  remaining: number;
  /** 0..100. */
  percent: number;
}

/** Spec 9: progress bars clamp to 0..100 percent; an unreadable value is an empty bar. */
export function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/**
 * Spec 9: progress is the experience above the level's threshold divided by the level's width.
 * `xp` is cumulative, as the thresholds are. Levels 0 and 1 share the threshold 0, so a level below
 * 1 (or unreadable) is read as level 1, the first level with a width to fill. Experience outside
 * the level is clamped to it, and a level so high its thresholds are not finite shows an empty bar.
 */
export function levelProgress(level: number, xp: number): LevelProgress {
  const shown = Number.isFinite(level) ? Math.max(1, Math.floor(level)) : 1;
  const floor = xpForLevel(shown);
  const ceiling = xpForLevel(shown + 1);
  const needed = ceiling - floor;
  if (!Number.isFinite(needed) || needed <= 0) {
    return { level: shown, nextLevel: shown + 1, current: 0, needed: 0, remaining: 0, percent: 0 };
  }
  const above = Number.isFinite(xp) ? xp - floor : 0;
  const current = Math.min(needed, Math.max(0, above));
  return {
    level: shown,
    nextLevel: shown + 1,
    current,
    needed,
    remaining: needed - current,
    percent: clampPercent((current / needed) * 100),
  };
}
