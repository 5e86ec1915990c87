import { describe, expect, it } from 'vitest';
import { createRng } from './random.ts';
import { MAX_MSPT, MIN_MSPT, MIN_TPS, ServerHealth, STEADY_MIN_TPS } from './server-health.ts';

const START = Date.UTC(2025, 5, 1, 12);

/** Six hours of reports five seconds apart, with `online(i)` players on. */
function run(seed: string, online: (i: number) => number) {
  const health = new ServerHealth(createRng(seed));
  return Array.from({ length: 6 * 720 }, (_, i) => health.sample(START + i * 5_000, online(i)));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('server health', () => {
  const busy = run('h1', () => 120);
  const quiet = run('h1', () => 40);

  it('keeps tps between 19.6 and 20 but for rare, short dips, and mspt within 8 to 45 ms', () => {
    for (const { tps, mspt } of [...busy, ...quiet]) {
      expect(tps).toBeGreaterThanOrEqual(MIN_TPS);
      expect(tps).toBeLessThanOrEqual(20);
      expect(mspt).toBeGreaterThanOrEqual(MIN_MSPT);
      expect(mspt).toBeLessThanOrEqual(MAX_MSPT);
    }
    const dips = busy.filter((h) => h.tps < STEADY_MIN_TPS).length;
    expect(dips).toBeGreaterThan(0);
    expect(dips / busy.length).toBeLessThan(0.05);
  });

  it('costs more per tick with more players online', () => {
    expect(median(busy.map((h) => h.mspt))).toBeGreaterThan(median(quiet.map((h) => h.mspt)) + 10);
  });

  it('moves mspt smoothly from one report to the next', () => {
    const steps = quiet.slice(1).map((h, i) => Math.abs(h.mspt - quiet[i]!.mspt));
    expect(median(steps)).toBeLessThan(1);
  });

  it('reports the same figures from the same seed, other figures from another', () => {
    expect(run('h1', () => 120)).toEqual(busy);
    expect(run('h2', () => 120)).not.toEqual(busy);
  });
});
