import { type BridgeEvent, bridgeEventSchema } from '@prison/shared/bridge';
import { xpForLevel } from '@prison/shared/experience';
import { describe, expect, it } from 'vitest';
import { SiteModel } from '../test/site-model.ts';
import { LiveEvents, MAX_ONLINE, MIN_ONLINE } from './live-events.ts';
import { LiveState } from './live-state.ts';
import { seedEvents, seedPhases } from './seed.ts';
import { generateWorld } from './world.ts';

const NOW = Date.UTC(2025, 5, 1, 12);
const TICKS = 1800;

function run() {
  const world = generateWorld({ now: NOW });
  const state = new LiveState(world);
  const live = new LiveEvents(state, 'r1');
  const site = new SiteModel();
  for (const event of seedEvents(world)) site.apply(event);
  const ticks: BridgeEvent[][] = [live.reset(NOW)];
  const online: number[] = [];
  for (let i = 1; i <= TICKS; i++) {
    ticks.push(live.tick(NOW + i * 1000));
    online.push(state.online.size);
  }
  return { world, state, site, ticks, online, events: ticks.flat() };
}

const { world, state, site, ticks, online, events } = run();

describe('live events', () => {
  it('all parse with the bridge schema, with ids unique to the run', () => {
    const failures = events.filter((e) => !bridgeEventSchema.safeParse(e).success);
    expect(failures).toEqual([]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    for (const e of events) expect(e.id).toMatch(/^run:r1:\d+$/);
  });

  it('only name players, gangs and listings that exist on a seeded site', () => {
    const problems = events.flatMap((e) => {
      const problem = site.apply(e);
      return problem ? [`${e.id} ${e.type}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('start by signing off everyone from an earlier run', () => {
    const reset = ticks[0]!;
    expect(reset).toHaveLength(world.players.length);
    expect(reset.every((e) => e.type === 'player.quit')).toBe(true);
  });

  it('keep between 40 and 120 players online, drifting', () => {
    expect(Math.min(...online)).toBeGreaterThanOrEqual(MIN_ONLINE - 5);
    expect(Math.max(...online)).toBeLessThanOrEqual(MAX_ONLINE + 5);
    expect(new Set(online).size).toBeGreaterThan(15);
    expect(site.online.size).toBe(state.online.size);
  });

  it('report the online count at least every 5 seconds and on every change', () => {
    let last = 0;
    ticks.slice(1).forEach((tick, i) => {
      const status = tick.find((e) => e.type === 'server.status');
      if (status?.type === 'server.status') {
        expect(status.online).toBe(online[i]);
        expect(status.max_online).toBe(500);
        last = i;
      }
      expect(i - last).toBeLessThan(5);
    });
  });

  it('report tps and mspt with every count: near 20 tps, 8 to 45 ms moving smoothly', () => {
    const statuses = events.flatMap((e) => (e.type === 'server.status' ? [e] : []));
    expect(statuses.length).toBeGreaterThan(TICKS / 5);
    for (const { tps, mspt } of statuses) {
      expect(tps).toBeGreaterThanOrEqual(17);
      expect(tps).toBeLessThanOrEqual(20);
      expect(mspt).toBeGreaterThanOrEqual(8);
      expect(mspt).toBeLessThanOrEqual(45);
    }
    expect(statuses.filter((s) => s.tps! >= 19.6).length).toBeGreaterThan(statuses.length * 0.9);
    const steps = statuses.slice(1).map((s, i) => Math.abs(s.mspt! - statuses[i]!.mspt!));
    expect(steps.filter((step) => step < 3).length).toBeGreaterThan(steps.length * 0.9);
  });

  it('carry chat, private messages, level-ups, trades, money, stats, gangs, friends and listings', () => {
    const types = new Set(events.map((e) => e.type));
    for (const type of [
      'player.join',
      'player.quit',
      'player.progress',
      'player.balance',
      'player.stats',
      'player.gkit',
      'gang.treasury',
      'gang.member',
      'gang.leave',
      'friend.add',
      'auction.listed',
      'auction.cancelled',
    ] as const) {
      expect(types.has(type), type).toBe(true);
    }
    const activity = new Set(events.flatMap((e) => (e.type === 'activity' ? [e.activity_type] : [])));
    for (const type of [
      'PLAYER_JOIN',
      'PLAYER_QUIT',
      'CHAT_MESSAGE',
      'PRIVATE_MESSAGE',
      'LEVEL_UP',
      'TRADE_COMPLETED',
    ]) {
      expect(activity.has(type), type).toBe(true);
    }
  });

  it('never drive a balance negative and never take money from the demo accounts', () => {
    const balance = new Map(world.players.map((p) => [p.uuid, p.balance]));
    const demo = new Set(world.players.filter((p) => p.isDemo).map((p) => p.uuid));
    for (const e of events) {
      if (e.type !== 'player.balance') continue;
      const next = balance.get(e.uuid)! + e.delta;
      expect(next).toBeGreaterThanOrEqual(0);
      if (demo.has(e.uuid)) expect(e.delta).toBeGreaterThan(0);
      balance.set(e.uuid, next);
    }
  });

  it("claim kits, but never a demo account's, whose kits keep showing every state", () => {
    const demo = new Set(world.players.filter((p) => p.isDemo).map((p) => p.uuid));
    const claims = events.filter(
      (e): e is Extract<BridgeEvent, { type: 'player.gkit' }> =>
        e.type === 'player.gkit' && !!e.last_claimed_at,
    );
    expect(claims.length).toBeGreaterThan(0);
    expect(claims.filter((e) => demo.has(e.uuid))).toEqual([]);
  });

  it('level players up when their XP crosses the table, with a LEVEL_UP entry', () => {
    const xp = new Map(world.players.map((p) => [p.uuid, p.xp]));
    const levels = new Map(world.players.map((p) => [p.uuid, p.level]));
    let levelUps = 0;
    events.forEach((e, i) => {
      if (e.type !== 'player.progress') return;
      xp.set(e.uuid, xp.get(e.uuid)! + e.xp_delta);
      if (e.level !== undefined) {
        expect(e.level).toBeGreaterThan(levels.get(e.uuid)!);
        levels.set(e.uuid, e.level);
        levelUps++;
        const entry = events
          .slice(i + 1, i + 6)
          .find((x) => x.type === 'activity' && x.activity_type === 'LEVEL_UP');
        expect(entry).toBeDefined();
      }
      const level = levels.get(e.uuid)!;
      expect(xp.get(e.uuid)!).toBeGreaterThanOrEqual(xpForLevel(level));
      expect(xp.get(e.uuid)!).toBeLessThan(xpForLevel(level + 1));
    });
    expect(levelUps).toBeGreaterThan(0);
  });

  it('is reproducible for a run id', () => {
    const again = run();
    expect(again.events).toEqual(events);
  });
});

describe('presence ticks (while the seed is still being delivered)', () => {
  const PRESENCE_TICKS = 600;
  const world = generateWorld({ now: NOW });
  const state = new LiveState(world);
  const live = new LiveEvents(state, 'r2');
  // Only the seed's sessions have reached the site: the players exist, nothing else does.
  const site = new SiteModel();
  for (const event of seedPhases(world).sessions.flat()) site.apply(event);
  const reset = live.reset(NOW);
  const presence: BridgeEvent[][] = [];
  const online: number[] = [];
  for (let i = 1; i <= PRESENCE_TICKS; i++) {
    presence.push(live.presence(NOW + i * 1000));
    online.push(state.online.size);
  }
  // Then the seed is complete and full ticks carry on from the same state.
  const full: BridgeEvent[][] = [];
  for (let i = PRESENCE_TICKS + 1; i <= PRESENCE_TICKS + 600; i++) full.push(live.tick(NOW + i * 1000));
  const all = [...reset, ...presence.flat(), ...full.flat()];

  it('carry only joins, quits (with their activity and statistics) and the online count', () => {
    const types = new Set(presence.flat().map((e) => e.type));
    expect([...types].sort()).toEqual(
      ['activity', 'player.join', 'player.quit', 'player.stats', 'server.status'].sort(),
    );
    for (const e of presence.flat()) {
      if (e.type === 'activity') expect(['PLAYER_JOIN', 'PLAYER_QUIT']).toContain(e.activity_type);
    }
  });

  it('name nothing but players, all of whom the seed sessions created', () => {
    const problems = [...reset, ...presence.flat()].flatMap((e) => {
      const problem = site.apply(e);
      return problem ? [`${e.id} ${e.type}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
    expect(site.online.size).toBe(online.at(-1));
  });

  it('fill the server at once, drift, and report the count at least every 5 seconds', () => {
    expect(online[0]).toBeGreaterThanOrEqual(MIN_ONLINE);
    expect(new Set(online).size).toBeGreaterThan(5);
    let last = -1;
    presence.forEach((tick, i) => {
      const status = tick.find((e) => e.type === 'server.status');
      if (status?.type === 'server.status') {
        expect(status).toMatchObject({ online: online[i], max_online: 500 });
        last = i;
      }
      expect(i - last).toBeLessThan(5);
    });
    expect(presence[0]!.some((e) => e.type === 'server.status')).toBe(true);
  });

  it('hand over to full ticks without joining anyone twice or quitting anyone offline', () => {
    const on = new Set<string>();
    for (const e of [...presence.flat(), ...full.flat()]) {
      if (e.type === 'player.join') {
        expect(on.has(e.uuid)).toBe(false);
        on.add(e.uuid);
      }
      if (e.type === 'player.quit') expect(on.delete(e.uuid)).toBe(true);
    }
    expect(full.flat().some((e) => e.type === 'player.progress')).toBe(true);
  });

  it('all parse with the bridge schema, with ids unique to the run', () => {
    expect(all.filter((e) => !bridgeEventSchema.safeParse(e).success)).toEqual([]);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    for (const e of all) expect(e.id).toMatch(/^run:r2:\d+$/);
  });
});
