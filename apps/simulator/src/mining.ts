// What mining a number of blocks adds to a player's statistics, used for a whole career when the
// world is built and for a few seconds of work in the live loop.
import { ACTIVATION_RATES, ORE_YIELDS } from './catalogue.ts';
import type { Rng } from './random.ts';

/** Rounds an expected count, randomly up or down so that small expectations still happen sometimes. */
function count(rng: Rng, expected: number): number {
  const whole = Math.floor(expected);
  return whole + (rng.next() < expected - whole ? 1 : 0);
}

export function miningStats(rng: Rng, level: number, blocks: number): Record<string, number> {
  const jitter = () => rng.float(0.85, 1.15);
  const stats: Record<string, number> = { BLOCKS_BROKEN: blocks };
  let ores = 0;
  for (const { stat, share, fromLevel } of ORE_YIELDS) {
    if (level < fromLevel) continue;
    const mined = count(rng, blocks * share * jitter());
    ores += mined;
    stats[stat] = mined;
    // Compressed storage blocks: the auto-smelter packs nine ores into one.
    stats[stat.replace('_ORE', '_BLOCK')] = count(rng, mined / 9);
  }
  stats.ORES_GAINED = ores;
  if (level >= 15) stats.FRACTURE_BLOCKS = count(rng, blocks * 0.05 * jitter());
  if (level >= 25) stats.SHATTER_BLOCKS = count(rng, blocks * 0.03 * jitter());
  for (const { stat, perBlock, fromLevel } of ACTIVATION_RATES) {
    if (level >= fromLevel) stats[stat] = count(rng, blocks * perBlock * jitter());
  }
  stats.ENERGY_GAINED = count(rng, blocks * rng.float(3, 6) * (1 + level / 40));
  stats.SHARDS_DISCOVERED = count(rng, blocks / 5000);
  return stats;
}

/** XP per block mined grows slowly with level: early levels pass in minutes, late ones in hours. */
export const xpPerBlock = (level: number) => 0.15 + level / 100;

/** Where a player's balance usually sits for their level: the economy inflates ~40% a level. */
export const typicalBalance = (level: number, prestige: number) =>
  10 ** (2.3 + 0.145 * level + 0.3 * prestige);

/** Money per block sold: a continuously mining player gains a few percent of a typical balance an hour. */
export const moneyPerBlock = (level: number, prestige: number) =>
  0.25 + typicalBalance(level, prestige) * 5e-7;

/** Money as the game shows it: cents below a billion, whole dollars above (doubles lose cents there). */
export function roundMoney(amount: number): number {
  return Math.abs(amount) >= 1e9 ? Math.round(amount) : Math.round(amount * 100) / 100;
}
