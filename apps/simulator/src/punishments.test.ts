// The simulated moderation: a month of it in the seed, and more while the server runs, all of it
// what the site accepts; banned players stay away until their ban ends or is lifted.
import { type BridgeEvent, bridgeEventSchema } from '@prison/shared/bridge';
import { describe, expect, it } from 'vitest';
import { SiteModel } from '../test/site-model.ts';
import { DEMO_ADMIN, DEMO_PLAYER } from './demo-accounts.ts';
import { LiveEvents } from './live-events.ts';
import { LiveState } from './live-state.ts';
import { seedEvents } from './seed.ts';
import { generateWorld } from './world.ts';

const NOW = Date.UTC(2025, 5, 1, 12);
const HOURS = 6;

type Issued = Extract<BridgeEvent, { type: 'punishment.issued' }>;
const isIssued = (e: BridgeEvent): e is Issued => e.type === 'punishment.issued';

describe('simulated moderation', () => {
  const world = generateWorld({ now: NOW });
  const seed = seedEvents(world);
  const state = new LiveState(world);
  const live = new LiveEvents(state, 'r1');
  const site = new SiteModel();
  for (const event of seed) site.apply(event);
  const ticks: BridgeEvent[][] = [live.reset(NOW)];
  for (let i = 1; i <= HOURS * 3600; i++) ticks.push(live.tick(NOW + i * 1000));
  const events = ticks.flat();

  it('seeds a month of every type, some lifted, a few silent and one address ban, never of a demo account', () => {
    const issued = seed.filter(isIssued);
    expect(issued.length).toBeGreaterThan(50);
    expect(new Set(issued.map((e) => e.punishment_type))).toEqual(
      new Set(['ban', 'mute', 'warning', 'kick']),
    );
    expect(seed.some((e) => e.type === 'punishment.revoked')).toBe(true);
    expect(issued.some((e) => e.silent)).toBe(true);
    expect(issued.filter((e) => e.address)).toHaveLength(1);
    const demo = new Set<string>([DEMO_PLAYER.uuid, DEMO_ADMIN.uuid]);
    expect(issued.filter((e) => demo.has(e.uuid))).toEqual([]);
    for (const e of issued) {
      expect(bridgeEventSchema.safeParse(e).success).toBe(true);
      if (e.punishment_type === 'kick') expect(e.until).toBeNull();
      else if (e.until) expect(Date.parse(e.until)).toBeGreaterThan(Date.parse(e.at!));
    }
  });

  it('punishes now and then while the server runs, as the site accepts it', () => {
    const issued = events.filter(isIssued);
    expect(issued.length).toBeGreaterThan(HOURS * 4);
    expect(issued.length).toBeLessThan(HOURS * 25);
    const problems = events.flatMap((e) => {
      const problem = site.apply(e);
      return problem ? [`${e.id} ${e.type}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('sends a banned or kicked player off at once, and keeps a banned one away until the ban ends or is lifted', () => {
    const bans = new Map<string, { at: number; until: number | null }>();
    const banOf = new Map<string, string>();
    for (const e of events) {
      const at = Date.parse(e.at!);
      if (isIssued(e) && e.punishment_type === 'ban') {
        bans.set(e.uuid, { at, until: e.until ? Date.parse(e.until) : null });
        banOf.set(e.punishment_id, e.uuid);
      }
      if (e.type === 'punishment.revoked' && banOf.has(e.punishment_id)) {
        bans.delete(banOf.get(e.punishment_id)!);
      }
      if (e.type === 'player.join') {
        const ban = bans.get(e.uuid);
        if (ban) expect(ban.until !== null && ban.until <= at, `${e.uuid} joined while banned`).toBe(true);
      }
    }
    expect(bans.size).toBeGreaterThan(0);
    // The next event about a banned or kicked player (all were online) is their quit.
    events.forEach((e, i) => {
      if (!isIssued(e) || (e.punishment_type !== 'ban' && e.punishment_type !== 'kick')) return;
      const next = events.slice(i + 1).find((x) => 'uuid' in x && x.uuid === e.uuid);
      expect(next?.type).toBe('player.quit');
    });
  });
});
