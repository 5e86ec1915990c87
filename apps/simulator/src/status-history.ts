// The players-online history a freshly seeded site starts with: one report every five minutes over
// the past 30 days, so the status page's day, week and month charts have a believable shape from the
// start. The count follows the clock (evening peaks, night lows, busier weekends), grows slowly over
// the month as the season catches on, and wanders with some noise; the health figures follow it.
import { DAY, HOUR, MINUTE } from './model.ts';
import type { Rng } from './random.ts';
import { type Health, ServerHealth } from './server-health.ts';

export const STATUS_HISTORY_DAYS = 30;
export const STATUS_HISTORY_STEP_MS = 5 * MINUTE;

/** A busy weekday evening at the end of the month, before weekends and noise. */
const EVENING_PEAK = 110;

// Share of the evening peak online at each hour (UTC, the server's clock): the European evening with
// the Americas' afternoon on top peaks at 20:00, the small hours empty out.
const HOURLY = [
  0.62, 0.5, 0.4, 0.32, 0.27, 0.25, 0.27, 0.31, 0.36, 0.41, 0.45, 0.5, 0.55, 0.59, 0.63, 0.68, 0.74, 0.81,
  0.89, 0.96, 1, 0.97, 0.88, 0.75,
];
// Sunday first, as Date.getUTCDay counts: Friday evening and the weekend are busier.
const WEEKDAY = [1.16, 0.94, 0.95, 0.96, 0.98, 1.06, 1.2];
// The first day of the month had this share of the last day's crowd.
const GROWTH_FROM = 0.72;

export interface StatusSample extends Health {
  at: number;
  online: number;
}

/** Cosine interpolation between a value and the next: smooth at the anchors, no overshoot. */
function ease(from: number, to: number, t: number): number {
  return from + ((to - from) * (1 - Math.cos(Math.PI * t))) / 2;
}

/** How busy the server usually is at `at` (epoch ms), as a share of a weekday evening peak. */
export function usualCrowd(at: number): number {
  const hours = (((at % DAY) + DAY) % DAY) / HOUR;
  const hour = Math.floor(hours);
  const daily = ease(HOURLY[hour]!, HOURLY[(hour + 1) % 24]!, hours - hour);
  // The weekday factor changes from noon to noon, so midnight is no step.
  const noon = at - 12 * HOUR;
  const day = new Date(noon).getUTCDay();
  const weekly = ease(WEEKDAY[day]!, WEEKDAY[(day + 1) % 7]!, (((noon % DAY) + DAY) % DAY) / DAY);
  return daily * weekly;
}

export interface StatusHistoryOptions {
  /** The history ends before this moment (epoch ms). */
  now: number;
  maxOnline: number;
  rng: Rng;
  days?: number;
  stepMs?: number;
}

/** Samples oldest first, on step boundaries strictly before `now`, every count within max_online. */
export function statusHistory(options: StatusHistoryOptions): StatusSample[] {
  const { now, maxOnline, rng } = options;
  const step = options.stepMs ?? STATUS_HISTORY_STEP_MS;
  const count = Math.round(((options.days ?? STATUS_HISTORY_DAYS) * DAY) / step);
  const last = Math.floor((now - 1) / step) * step;
  const first = last - (count - 1) * step;
  // A small server keeps the same shape at its own scale.
  const peak = Math.min(EVENING_PEAK, maxOnline * 0.75);
  const health = new ServerHealth(rng.fork('health'));
  const samples: StatusSample[] = [];
  // Busier and quieter spells lasting about an hour, on top of the usual crowd.
  let mood = 0;
  for (let i = 0; i < count; i++) {
    const at = first + i * step;
    const growth = GROWTH_FROM + (1 - GROWTH_FROM) * (count > 1 ? i / (count - 1) : 1);
    mood = mood * 0.85 + 0.055 * rng.normal();
    const expected = peak * usualCrowd(at) * growth * Math.exp(mood);
    const online = Math.min(maxOnline, Math.max(0, Math.round(expected + rng.normal() * 1.5)));
    samples.push({ at, online, ...health.sample(at, online) });
  }
  return samples;
}
