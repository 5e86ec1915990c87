// The game server's health as a Paper server reports it with each online count: ticks per second
// (20 is a healthy server) and milliseconds per tick. Milliseconds per tick follow the load (more
// players online, more work per tick) plus a slowly wandering noise; now and then a lag spike (a
// chunk generation burst, a garbage collection) drops the ticks per second for a few seconds.
import { MINUTE } from './model.ts';
import type { Rng } from './random.ts';

export const MIN_MSPT = 8;
export const MAX_MSPT = 45;
/** Outside a lag spike the server keeps up within measurement jitter. */
export const STEADY_MIN_TPS = 19.6;
export const MIN_TPS = 17;

export interface Health {
  tps: number;
  mspt: number;
}

// The wandering part of mspt: an Ornstein-Uhlenbeck process, so it drifts instead of jumping.
const NOISE_SECONDS = 90;
const NOISE_SD = 2.5;
// How fast mspt follows a change in load (a crowd joining takes a while to load its chunks).
const LOAD_SECONDS = 30;
// At 100 players online a spike every 40 minutes on average; at 20, every 1 h 40 min.
const SPIKE_EVERY_MS = 60 * MINUTE;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** What a tick costs with `online` players on: about 18 ms at 40 players, 36 ms at 120. */
export const msptForLoad = (online: number) => 9 + 0.23 * online;

export class ServerHealth {
  private lastAt: number | null = null;
  private load = 0;
  private noise = 0;
  private spike: { from: number; until: number; depth: number } | null = null;

  constructor(private readonly rng: Rng) {}

  /** The figures reported at `at` (epoch ms, never earlier than the last call) with `online` players on. */
  sample(at: number, online: number): Health {
    const r = this.rng;
    const target = msptForLoad(online);
    const seconds = this.lastAt === null ? Number.POSITIVE_INFINITY : Math.max(0, at - this.lastAt) / 1000;
    this.lastAt = at;
    // Exact discretisation of both processes for any step, so the live loop (seconds apart) and the
    // seeded history (five minutes apart, the width of the day chart's buckets) share one model.
    const keep = Math.exp(-seconds / NOISE_SECONDS);
    this.noise = this.noise * keep + NOISE_SD * Math.sqrt(1 - keep * keep) * r.normal();
    this.load += (target - this.load) * (1 - Math.exp(-seconds / LOAD_SECONDS));

    // A spike may have started at any moment since the last report; it shows if it is still on.
    const window = Math.min(seconds * 1000, 10 * MINUTE);
    const rate = (0.5 + online / 100) / SPIKE_EVERY_MS;
    if (!this.isSpiking(at) && r.chance(1 - Math.exp(-window * rate))) {
      const from = at - r.float(0, window);
      this.spike = { from, until: from + r.float(5_000, 45_000), depth: r.float(0.4, 2.6) };
    }
    const spiking = this.isSpiking(at);

    const mspt = clamp(this.load + this.noise + (spiking ? r.float(6, 14) : 0), MIN_MSPT, MAX_MSPT);
    // A busy tick leaves less slack, so the measured rate sags a little before it really drops.
    const sag = Math.abs(r.normal()) * 0.06 + Math.max(0, (mspt - 30) / 15) * 0.12;
    const tps = spiking
      ? clamp(20 - this.spike!.depth - Math.abs(r.normal()) * 0.2, MIN_TPS, STEADY_MIN_TPS - 0.01)
      : clamp(20 - sag, STEADY_MIN_TPS, 20);
    return { tps: round(tps, 2), mspt: round(mspt, 1) };
  }

  private isSpiking(at: number): boolean {
    return this.spike !== null && this.spike.from <= at && at < this.spike.until;
  }
}
