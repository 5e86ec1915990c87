import { type BridgeEvent, bridgeEventSchema, MAX_EVENTS_PER_BATCH } from '@prison/shared/bridge';
import { describe, expect, it } from 'vitest';
import { SiteModel } from '../test/site-model.ts';
import { DEMO_ADMIN, DEMO_PLAYER } from './demo-accounts.ts';
import { seedBatches, seedEvents, seedPhases } from './seed.ts';
import { generateWorld } from './world.ts';

const NOW = Date.UTC(2025, 5, 1, 12);
const world = generateWorld({ now: NOW });
const events = seedEvents(world);
const batches = seedBatches(world);

describe('seed events', () => {
  it('all parse with the bridge schema', () => {
    const failures = events.flatMap((event, index) => {
      const result = bridgeEventSchema.safeParse(event);
      return result.success ? [] : [{ index, id: event.id, issues: result.error.issues }];
    });
    expect(failures).toEqual([]);
  });

  it('come in batches of at most 500, in order, with unique ids', () => {
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(batch.length).toBeGreaterThanOrEqual(1);
      expect(batch.length).toBeLessThanOrEqual(MAX_EVENTS_PER_BATCH);
    }
    expect(batches.flat()).toEqual(events);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it('never name a player, gang or listing before it exists', () => {
    const site = new SiteModel();
    const problems = events.flatMap((event) => {
      const problem = site.apply(event);
      return problem ? [`${event.id}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
    expect(site.players.size).toBe(world.players.length);
    expect(site.gangs.size).toBe(world.gangs.length);
    expect(site.listings.size).toBe(world.listings.length);
  });

  it('start with every join and quit, in batches of their own, which create everyone and leave them offline', () => {
    const { sessions, history } = seedPhases(world);
    const presence = (e: BridgeEvent) => e.type === 'player.join' || e.type === 'player.quit';
    // Nothing that names anything else comes before the last join or quit.
    const lastSession = events.findLastIndex(presence);
    expect(events.slice(0, lastSession + 1).every(presence)).toBe(true);
    expect(sessions.flat()).toEqual(events.slice(0, lastSession + 1));
    expect(history.flat().some(presence)).toBe(false);
    expect(batches).toEqual([...sessions, ...history]);
    expect(sessions.length).toBeLessThan(batches.length / 3);
    for (const batch of sessions) expect(batch.length).toBeLessThanOrEqual(MAX_EVENTS_PER_BATCH);

    // Both sessions of everyone who had two: first login weeks ago, last one recent.
    const multi = world.players.filter((p) => p.sessions.length > 1);
    expect(sessions.flat().filter((e) => e.type === 'player.join')).toHaveLength(
      world.players.length + multi.length,
    );
    const site = new SiteModel();
    for (const event of sessions.flat()) expect(site.apply(event)).toBeNull();
    expect(site.players.size).toBe(world.players.length);
    expect(site.online.size).toBe(0);
  });

  it('leave everyone offline, last logging in and out at their last session', () => {
    const site = new SiteModel();
    for (const event of events) site.apply(event);
    expect(site.online.size).toBe(0);
    for (const p of world.players) {
      const quits = events.filter(
        (e): e is Extract<BridgeEvent, { type: 'player.quit' }> =>
          e.type === 'player.quit' && e.uuid === p.uuid,
      );
      expect(Date.parse(quits.at(-1)!.at!)).toBe(p.sessions.at(-1)!.end);
    }
  });

  it('spread history over the past weeks with `at`, never in the future', () => {
    const times = events.flatMap((e) => (e.at ? [Date.parse(e.at)] : []));
    expect(times.length).toBeGreaterThan(events.length - 5);
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW);
    expect(Math.min(...times)).toBeLessThan(NOW - 14 * 86_400_000);
  });

  it('send each player their XP, money, stats and kits; DemoPlayer their password', () => {
    const xp = new Map<string, number>();
    const money = new Map<string, number>();
    for (const e of events) {
      if (e.type === 'player.progress') xp.set(e.uuid, (xp.get(e.uuid) ?? 0) + e.xp_delta);
      if (e.type === 'player.balance') money.set(e.uuid, (money.get(e.uuid) ?? 0) + e.delta);
    }
    for (const p of world.players) {
      expect(xp.get(p.uuid)).toBe(p.xp);
      expect(money.get(p.uuid)).toBe(p.balance);
    }
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'account.password', uuid: DEMO_PLAYER.uuid, password: 'prison-demo' }),
    );
    // DemoAdmin, a staff account, is the site's to make: the game server sends nothing of it, and
    // grants no role (the site would refuse a staff one).
    const accountEvents = events.filter((e) => e.type === 'account.password' || e.type === 'account.roles');
    expect(accountEvents.filter((e) => 'uuid' in e && e.uuid === DEMO_ADMIN.uuid)).toEqual([]);
    expect(events.filter((e) => e.type === 'account.roles')).toEqual([]);
    const demoKits = events.filter((e) => e.type === 'player.gkit' && e.uuid === DEMO_PLAYER.uuid);
    expect(demoKits).toHaveLength(6);
  });
});

describe('seed status history', () => {
  const statuses = events.filter((e) => e.type === 'server.status');
  const times = statuses.map((e) => Date.parse(e.at!));

  it('reports the online count every five minutes over the past 30 days, oldest first', () => {
    expect(statuses).toHaveLength(30 * 288);
    expect(Math.max(...times)).toBeLessThan(NOW);
    expect(Math.min(...times)).toBeLessThanOrEqual(NOW - 29 * 86_400_000);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(5 * 60_000);
    for (const e of statuses) {
      expect(e).toMatchObject({ max_online: 500, tps: expect.any(Number), mspt: expect.any(Number) });
      expect(e.online).toBeLessThanOrEqual(e.max_online!);
    }
  });

  it('comes last, in batches of its own of at most 500', () => {
    const { history } = seedPhases(world);
    const isStatus = (batch: BridgeEvent[]) => batch.every((e) => e.type === 'server.status');
    const first = history.findIndex(isStatus);
    expect(first).toBeGreaterThan(0);
    const tail = history.slice(first);
    expect(tail.every(isStatus)).toBe(true);
    expect(
      history
        .slice(0, first)
        .flat()
        .some((e) => e.type === 'server.status'),
    ).toBe(false);
    expect(tail.flat()).toEqual(statuses);
    expect(tail.length).toBe(Math.ceil(statuses.length / MAX_EVENTS_PER_BATCH));
    for (const batch of tail) expect(batch.length).toBeLessThanOrEqual(MAX_EVENTS_PER_BATCH);
  });
});

describe('seed ids', () => {
  it('are the same whenever the same seed is sent, so re-seeding is skipped', () => {
    const later = seedEvents(generateWorld({ now: NOW + 3 * 86_400_000 }));
    expect(later.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(seedEvents(generateWorld({ now: NOW }))).toEqual(events);
  });

  it('differ for another seed, and stay within 64 characters', () => {
    const other = seedEvents(
      generateWorld({ now: NOW, seed: 'a seed with spaces and more than sixteen characters' }),
    );
    const ours = new Set(events.map((e) => e.id));
    expect(other.some((e) => ours.has(e.id))).toBe(false);
    for (const e of [...events, ...other]) expect(e.id.length).toBeLessThanOrEqual(64);
  });
});
