// The simulated moderation: a month of it in the seed, and more while the server runs, all of it
// what the site accepts; banned players stay away until their ban ends or is lifted.
import { type BridgeEvent, bridgeEventSchema } from '@prison/shared/bridge';
import { describe, expect, it } from 'vitest';
import { SiteModel } from '../test/site-model.ts';
import { DEMO_ADMIN, DEMO_PLAYER } from './demo-accounts.ts';
import { LiveEvents } from './live-events.ts';
import { LiveState } from './live-state.ts';
import { createCommandHandler } from './rcon-commands.ts';
import { seedEvents } from './seed.ts';
import { generateWorld } from './world.ts';

const NOW = Date.UTC(2025, 5, 1, 12);
const HOURS = 6;

type Issued = Extract<BridgeEvent, { type: 'punishment.issued' }>;
type Revoked = Extract<BridgeEvent, { type: 'punishment.revoked' }>;
const isIssued = (e: BridgeEvent): e is Issued => e.type === 'punishment.issued';
const isRevoked = (e: BridgeEvent): e is Revoked => e.type === 'punishment.revoked';
const DAY = 86_400_000;

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

/**
 * A small seeded server (60 players, so that nearly everyone is online and a player sent off would
 * be back within seconds) with its RCON console, whose every tick is checked against the site.
 */
function consoleServer(runId: string) {
  const world = generateWorld({ players: 60, now: NOW });
  const seed = seedEvents(world);
  const state = new LiveState(world);
  const live = new LiveEvents(state, runId);
  const site = new SiteModel();
  for (const event of seed) site.apply(event);
  const rcon = createCommandHandler(state);
  const all: BridgeEvent[] = [];
  let now = NOW;
  const check = (events: BridgeEvent[]) => {
    for (const e of events) {
      expect(bridgeEventSchema.safeParse(e).success, e.id).toBe(true);
      expect(site.apply(e), `${e.id} ${e.type}`).toBeNull();
    }
    all.push(...events);
    return events;
  };
  check(live.reset(now));
  const tick = () => {
    now += 1000;
    return check(live.tick(now));
  };
  const presence = () => {
    now += 1000;
    return check(live.presence(now));
  };
  const ticks = (n: number) => Array.from({ length: n }, tick).flat();
  const about = (uuid: string, events: BridgeEvent[]) => events.filter((e) => 'uuid' in e && e.uuid === uuid);
  return { seed, state, rcon, tick, presence, ticks, about, all };
}

describe('punishments from the console over RCON', () => {
  it('reports a ban on the next tick with its end, sends the player off and keeps them away until unbanned', () => {
    const { state, rcon, tick, ticks, about, all } = consoleServer('c1');
    ticks(30);
    const player = state.onlinePlayers().find((p) => !p.isDemo)!;
    expect(rcon(`tempban ${player.username} 7d X-ray`)).toBe(
      `${player.username} has been banned for 7 days: X-ray`,
    );
    const [issued, next] = about(player.uuid, tick());
    expect(issued).toMatchObject({
      type: 'punishment.issued',
      punishment_type: 'ban',
      uuid: player.uuid,
      username: player.username,
      staff: null,
      reason: 'X-ray',
    });
    const ban = issued as Issued;
    expect(ban.punishment_id).toMatch(/^run:c1:pun:\d+$/);
    expect(Date.parse(ban.until!) - Date.parse(ban.at!)).toBe(7 * DAY);
    expect(next?.type).toBe('player.quit');
    expect(state.online.has(player.uuid)).toBe(false);

    // Twenty minutes in which everyone else comes and goes; the banned player stays away.
    const away = ticks(1200);
    expect(away.filter((e) => e.type === 'player.join').length).toBeGreaterThan(20);
    expect(about(player.uuid, away)).toEqual([]);

    expect(rcon(`unban ${player.username}`)).toBe(`${player.username} has been unbanned`);
    expect(tick().filter(isRevoked)).toEqual([
      expect.objectContaining({ punishment_id: ban.punishment_id, staff: null }),
    ]);
    const back = ticks(600);
    expect(about(player.uuid, back).some((e) => e.type === 'player.join')).toBe(true);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
  });

  it('punishes demo accounts too, online or not, and lets a kicked player come back', () => {
    const { state, rcon, tick, ticks, about } = consoleServer('c2');
    ticks(30);
    expect(rcon('ban DemoPlayer Testing appeals')).toBe(
      'DemoPlayer has been permanently banned: Testing appeals',
    );
    const player = state.onlinePlayers().find((p) => !p.isDemo)!;
    expect(rcon(`kick ${player.username} AFK in the mines`)).toBe(
      `${player.username} has been kicked: AFK in the mines`,
    );
    const events = tick();
    expect(events.filter(isIssued)).toEqual([
      expect.objectContaining({ punishment_type: 'ban', username: 'DemoPlayer', until: null, staff: null }),
      expect.objectContaining({ punishment_type: 'kick', uuid: player.uuid, until: null, staff: null }),
    ]);
    expect(
      about(player.uuid, events)
        .map((e) => e.type)
        .slice(0, 2),
    ).toEqual(['punishment.issued', 'player.quit']);
    expect(about(player.uuid, ticks(600)).some((e) => e.type === 'player.join')).toBe(true);
    expect(about(DEMO_PLAYER.uuid, ticks(600)).some((e) => e.type === 'player.join')).toBe(false);
  });

  it('mutes a player, who says nothing while muted, and lifts the newest warning', () => {
    const { state, rcon, tick, ticks, about } = consoleServer('c3');
    ticks(30);
    const player = state.onlinePlayers().find((p) => !p.isDemo)!;
    expect(rcon(`tempmute ${player.username} 30m -s Caps spam`)).toBe(
      `${player.username} has been muted for 30 minutes: Caps spam`,
    );
    const muting = tick();
    // A mute keeps the player on the server.
    expect(about(player.uuid, muting).some((e) => e.type === 'player.quit')).toBe(false);
    const [mute] = muting.filter(isIssued);
    expect(mute).toMatchObject({
      punishment_type: 'mute',
      uuid: player.uuid,
      silent: true,
      reason: 'Caps spam',
    });
    expect(Date.parse(mute!.until!) - Date.parse(mute!.at!)).toBe(30 * 60_000);
    const muted = ticks(600);
    const said = (events: BridgeEvent[]) =>
      events.filter(
        (e) =>
          e.type === 'activity' &&
          e.actor_uuid === player.uuid &&
          (e.activity_type === 'CHAT_MESSAGE' || e.activity_type === 'PRIVATE_MESSAGE'),
      );
    expect(said(muted)).toEqual([]);
    expect(rcon(`unmute ${player.username}`)).toBe(`${player.username} has been unmuted`);
    expect(tick().filter(isRevoked)).toEqual([
      expect.objectContaining({ punishment_id: mute!.punishment_id }),
    ]);
    expect(said(ticks(600)).length).toBeGreaterThan(0);

    rcon(`warn ${player.username} Mine camping`);
    rcon(`warn ${player.username} Spawn killing`);
    const warnings = tick().filter(isIssued);
    expect(warnings.map((w) => w.reason)).toEqual(['Mine camping', 'Spawn killing']);
    expect(rcon(`unwarn ${player.username}`)).toBe(`Removed the latest warning of ${player.username}`);
    expect(tick().filter(isRevoked)).toEqual([
      expect.objectContaining({ punishment_id: warnings[1]!.punishment_id }),
    ]);
  });

  it("lifts a ban of the seed's history once the seed is in, and knows which of them have ended", () => {
    const { seed, rcon, presence, tick, about } = consoleServer('c4');
    // The address ban, for good, two days before the history ends.
    const address = seed.filter(isIssued).find((e) => e.address)!;
    const seedBans = seed.filter(isIssued).filter((e) => e.punishment_type === 'ban');
    const revoked = new Set(seed.filter(isRevoked).map((e) => e.punishment_id));
    const ended = (e: Issued) => revoked.has(e.punishment_id) || (e.until && Date.parse(e.until) <= NOW);
    const pardoned = seedBans.find((e) => ended(e) && seedBans.every((b) => b.uuid !== e.uuid || ended(b)))!;
    expect(rcon(`unban ${pardoned.username}`)).toBe(`${pardoned.username} is not banned`);

    // Banned for good, the player stays away while everyone else comes online.
    const joined = Array.from({ length: 60 }, presence).flat();
    expect(joined.filter((e) => e.type === 'player.join').length).toBeGreaterThan(40);
    expect(about(address.uuid, joined)).toEqual([]);
    expect(rcon(`unban ${address.username}`)).toBe(`${address.username} has been unbanned`);
    expect(rcon('ban DemoPlayer')).toBe('DemoPlayer has been permanently banned');
    // While the seed is still being delivered, the ban goes out and the pardon waits.
    const during = presence();
    expect(during.filter(isIssued).map((e) => e.username)).toEqual(['DemoPlayer']);
    expect(during.filter(isRevoked)).toEqual([]);
    const [lifted] = tick().filter(isRevoked);
    const ids = new Set(seedBans.filter((e) => e.uuid === address.uuid).map((e) => e.punishment_id));
    expect(ids.has(lifted!.punishment_id)).toBe(true);
  });
});
