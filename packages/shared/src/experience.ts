// Spec 9 Experience: cumulative XP needed per level. Levels 0 and 1 need 0; the table gives
// levels 2, 3, 10, 20, 30, 40 and 52; beyond 52 it is round(0.84 * level^3.3).
//
// Two gaps are ours to fill. Between the given points we use a monotone cubic (Fritsch-Carlson)
// through log(xp), so every level is a little wider than the one before. And the formula only
// passes the level-52 threshold again at level 64 (at 53 it gives ~411k, below 743,138), so levels
// 53..63 are bridged in equal steps and the formula applies from 64 on. Every threshold is
// therefore strictly increasing, which the live loop's level-ups rely on.

export const RANKS = ['ROOKIE', 'CADET', 'SENTINEL', 'COMMANDER', 'DOMINUS', 'ARCHON'] as const;
export type Rank = (typeof RANKS)[number];
export const MAX_PRESTIGE = 5;

const formula = (level: number) => Math.round(0.84 * level ** 3.3);

const GIVEN: readonly (readonly [number, number])[] = [
  [2, 28],
  [3, 82],
  [10, 976],
  [20, 8989],
  [30, 44805],
  [40, 221961],
  [52, 743138],
];
const LAST_GIVEN = 52;
const FORMULA_FROM = firstFormulaLevel();

function firstFormulaLevel(): number {
  let level = LAST_GIVEN + 1;
  while (formula(level) <= 743138) level++;
  return level;
}

/** Monotone cubic Hermite interpolation (Fritsch-Carlson) through the given knots. */
function monotoneSpline(knots: readonly (readonly [number, number])[]): (x: number) => number {
  const n = knots.length;
  const xs = knots.map(([x]) => x);
  const ys = knots.map(([, y]) => y);
  const slopes = xs.slice(0, -1).map((x, i) => (ys[i + 1]! - ys[i]!) / (xs[i + 1]! - x));
  const tangents = xs.map((_, i) => {
    if (i === 0) return slopes[0]!;
    if (i === n - 1) return slopes[n - 2]!;
    const a = slopes[i - 1]!;
    const b = slopes[i]!;
    return a * b <= 0 ? 0 : (a + b) / 2;
  });
  for (let i = 0; i < n - 1; i++) {
    const slope = slopes[i]!;
    if (slope === 0) {
      tangents[i] = 0;
      tangents[i + 1] = 0;
      continue;
    }
    const alpha = tangents[i]! / slope;
    const beta = tangents[i + 1]! / slope;
    const norm = alpha * alpha + beta * beta;
    if (norm > 9) {
      const tau = 3 / Math.sqrt(norm);
      tangents[i] = tau * alpha * slope;
      tangents[i + 1] = tau * beta * slope;
    }
  }
  return (x) => {
    let i = 0;
    while (i < n - 2 && x > xs[i + 1]!) i++;
    const h = xs[i + 1]! - xs[i]!;
    const t = (x - xs[i]!) / h;
    const t2 = t * t;
    const t3 = t2 * t;
    return (
      (2 * t3 - 3 * t2 + 1) * ys[i]! +
      (t3 - 2 * t2 + t) * h * tangents[i]! +
      (-2 * t3 + 3 * t2) * ys[i + 1]! +
      (t3 - t2) * h * tangents[i + 1]!
    );
  };
}

const logSpline = monotoneSpline(GIVEN.map(([level, xp]) => [level, Math.log(xp)] as const));
const BRIDGE_WIDTH = (formula(FORMULA_FROM) - 743138) / (FORMULA_FROM - LAST_GIVEN);

const TABLE: number[] = [0, 0];
for (let level = 2; level < FORMULA_FROM; level++) {
  const given = GIVEN.find(([l]) => l === level);
  const value = given
    ? given[1]
    : level < LAST_GIVEN
      ? Math.round(Math.exp(logSpline(level)))
      : Math.round(743138 + (level - LAST_GIVEN) * BRIDGE_WIDTH);
  TABLE.push(Math.max(value, TABLE[level - 1]! + 1));
}

/** Cumulative XP needed to reach `level`. */
export function xpForLevel(level: number): number {
  if (level <= 1) return 0;
  if (level >= FORMULA_FROM) return formula(level);
  return TABLE[level]!;
}

/** The level a player with `xp` cumulative experience has reached. */
export function levelForXp(xp: number): number {
  let level = 1;
  while (xp >= xpForLevel(level + 1)) level++;
  return level;
}

/** Spec 3 Ranks follow level: a new rank every band of levels. */
export function rankForLevel(level: number): Rank {
  if (level >= 65) return 'ARCHON';
  if (level >= 50) return 'DOMINUS';
  if (level >= 35) return 'COMMANDER';
  if (level >= 20) return 'SENTINEL';
  if (level >= 10) return 'CADET';
  return 'ROOKIE';
}
