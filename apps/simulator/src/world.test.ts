import { GANG_STATUSES, itemSchema } from '@prison/shared/bridge';
import { levelForXp, RANKS, rankForLevel, xpForLevel } from '@prison/shared/experience';
import { describe, expect, it } from 'vitest';
import { GANG_ROLES, GKITS, STAT_CATEGORIES } from './catalogue.ts';
import { DEMO_ADMIN, DEMO_PLAYER } from './demo-accounts.ts';
import { generateWorld } from './world.ts';

const NOW = Date.UTC(2025, 5, 1, 12);
const world = generateWorld({ now: NOW });
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NAMED_COLOURS = /^[a-z_]+$/;
const HEX_COLOURS = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

describe('players', () => {
  it('has at least 500 players with valid, case-insensitively unique names and v4 uuids', () => {
    expect(world.players.length).toBeGreaterThanOrEqual(500);
    for (const p of world.players) {
      expect(p.username).toMatch(/^[A-Za-z0-9_]{3,16}$/);
      expect(p.uuid).toMatch(UUID_V4);
    }
    expect(new Set(world.players.map((p) => p.username.toLowerCase())).size).toBe(world.players.length);
    expect(new Set(world.players.map((p) => p.uuid)).size).toBe(world.players.length);
  });

  it('mixes name styles', () => {
    const names = world.players.map((p) => p.username);
    expect(names.some((n) => /^xX_.+_Xx$/.test(n))).toBe(true);
    expect(names.some((n) => /^[a-z]+$/.test(n))).toBe(true);
    expect(names.some((n) => /[A-Z][a-z]+[A-Z][a-z]+\d+$/.test(n))).toBe(true);
    expect(names.some((n) => n.includes('_'))).toBe(true);
  });

  it('keeps level, XP, rank and prestige consistent', () => {
    for (const p of world.players) {
      expect(p.level).toBeGreaterThanOrEqual(1);
      expect(p.level).toBeLessThanOrEqual(80);
      expect(p.xp).toBeGreaterThanOrEqual(xpForLevel(p.level));
      expect(p.xp).toBeLessThan(xpForLevel(p.level + 1));
      expect(levelForXp(p.xp)).toBe(p.level);
      expect(p.rank).toBe(rankForLevel(p.level));
      expect(p.prestige).toBeGreaterThanOrEqual(0);
      expect(p.prestige).toBeLessThanOrEqual(5);
    }
    const ranks = new Map(RANKS.map((rank) => [rank, world.players.filter((p) => p.rank === rank).length]));
    for (const rank of RANKS) expect(ranks.get(rank), rank).toBeGreaterThan(0);
    // Most players are early on; few reach the top rank.
    expect(ranks.get('ROOKIE')!).toBeGreaterThan(ranks.get('ARCHON')!);
    expect(Math.max(...world.players.map((p) => p.level))).toBeGreaterThanOrEqual(70);
    expect(new Set(world.players.map((p) => p.prestige))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
  });

  it('spreads balances over orders of magnitude up to about 1e15', () => {
    const balances = world.players.map((p) => p.balance).sort((a, b) => a - b);
    expect(balances[0]).toBeGreaterThanOrEqual(0);
    expect(balances[0]).toBeLessThan(1_000);
    expect(balances.at(-1)).toBeGreaterThan(5e14);
    expect(balances.at(-1)).toBeLessThan(2e15);
    const magnitudes = new Set(balances.map((b) => Math.floor(Math.log10(Math.max(1, b)))));
    expect(magnitudes.size).toBeGreaterThanOrEqual(12);
  });

  it('records statistics in every category, with times in the right units', () => {
    const seen = new Set(world.players.flatMap((p) => Object.keys(p.stats)));
    for (const [category, names] of Object.entries(STAT_CATEGORIES)) {
      for (const name of names) expect(seen.has(name), `${category}: ${name}`).toBe(true);
    }
    for (const p of world.players) {
      expect(p.stats.TIME_PLAYED).toBeLessThan(1e9);
      expect(p.stats.LAST_LOGOUT).toBeGreaterThan(1e12);
      expect(p.stats.LAST_LOGOUT).toBeLessThanOrEqual(NOW);
      expect(p.stats.FIRST_LOGIN).toBeLessThan(p.stats.LAST_LOGOUT!);
    }
  });

  it('gives everyone a state for each of the six G-Kits', () => {
    const ids = GKITS.map((k) => k.id);
    expect(ids).toEqual(['miner', 'excavator', 'alchemist', 'warden', 'tycoon', 'ascendant']);
    for (const p of world.players) expect(p.gkits.map((k) => k.kitId)).toEqual(ids);
    expect(
      world.players.some((p) =>
        p.gkits.some((k) => k.unlocked && k.cooldownEndsAt && k.cooldownEndsAt > NOW),
      ),
    ).toBe(true);
  });

  it('has sessions in order, all in the past weeks', () => {
    for (const p of world.players) {
      let previous = 0;
      for (const s of p.sessions) {
        expect(s.start).toBeGreaterThan(previous);
        expect(s.end).toBeGreaterThan(s.start);
        previous = s.end;
      }
      expect(previous).toBeLessThan(NOW);
      expect(p.sessions[0]!.start).toBeGreaterThan(NOW - 50 * 86_400_000);
    }
  });
});

describe('gangs and friends', () => {
  it('has 20+ gangs with every status, several colours, one leader each and valid roles', () => {
    expect(world.gangs.length).toBeGreaterThanOrEqual(20);
    expect(new Set(world.gangs.map((g) => g.status))).toEqual(new Set(GANG_STATUSES));
    const colours = world.gangs.map((g) => g.color);
    expect(new Set(colours).size).toBeGreaterThanOrEqual(8);
    expect(colours.some((c) => NAMED_COLOURS.test(c))).toBe(true);
    expect(colours.some((c) => HEX_COLOURS.test(c))).toBe(true);
    for (const c of colours) expect(NAMED_COLOURS.test(c) || HEX_COLOURS.test(c)).toBe(true);
    const members = world.gangs.flatMap((g) => g.members.map((m) => m.uuid));
    expect(new Set(members).size).toBe(members.length);
    const byUuid = new Map(world.players.map((p) => [p.uuid, p]));
    for (const g of world.gangs) {
      expect(g.name.length).toBeLessThanOrEqual(32);
      expect(g.members.filter((m) => m.role === 'Leader')).toHaveLength(1);
      for (const m of g.members) {
        expect(GANG_ROLES).toContain(m.role);
        expect(byUuid.has(m.uuid)).toBe(true);
      }
      expect(g.treasury).toBeGreaterThan(0);
    }
    const roles = new Set(world.gangs.flatMap((g) => g.members.map((m) => m.role)));
    expect(roles).toEqual(new Set(GANG_ROLES));
  });

  it('keeps friendships between known players, never with oneself, each pair once', () => {
    const known = new Set(world.players.map((p) => p.uuid));
    const pairs = new Set<string>();
    for (const f of world.friendships) {
      expect(f.a).not.toBe(f.b);
      expect(known.has(f.a) && known.has(f.b)).toBe(true);
      const key = [f.a, f.b].sort().join('|');
      expect(pairs.has(key)).toBe(false);
      pairs.add(key);
    }
    expect(world.friendships.length).toBeGreaterThan(world.players.length);
  });
});

describe('activity', () => {
  const types = new Set(world.activity.map((a) => a.type));

  it('covers every type the site draws, and others', () => {
    const required = [
      'PLAYER_JOIN',
      'PLAYER_QUIT',
      'PRIVATE_MESSAGE',
      'CHAT_MESSAGE',
      'LEVEL_UP',
      'GKIT_UNLOCK',
      'GKIT_LEVEL_UP',
      'TRADE_COMPLETED',
    ];
    for (const type of required) expect(types.has(type), type).toBe(true);
    expect([...types].filter((t) => !required.includes(t)).length).toBeGreaterThanOrEqual(1);
  });

  it('writes each type in the format the site reads', () => {
    for (const a of world.activity) {
      expect(a.at).toBeLessThanOrEqual(NOW);
      if (a.type === 'PRIVATE_MESSAGE') {
        expect(a.targetUuid).toBeTruthy();
        expect(a.targetUuid).not.toBe(a.actorUuid);
        expect(a.text).toBeTruthy();
      }
      if (a.type === 'CHAT_MESSAGE') expect(a.text).toBeTruthy();
      if (a.type === 'LEVEL_UP') {
        const level = /^\d+$/.test(a.text!) ? Number(a.text) : JSON.parse(a.text!).level;
        expect(Number.isInteger(level)).toBe(true);
      }
      if (a.type === 'GKIT_UNLOCK' || a.type === 'GKIT_LEVEL_UP') {
        const kit = JSON.parse(a.text!);
        expect(GKITS.map((k) => k.id)).toContain(kit.kitId);
        expect(typeof kit.kitName).toBe('string');
        expect(Number.isInteger(kit.level)).toBe(true);
        expect(kit.status).toBe(a.type === 'GKIT_UNLOCK' ? 'unlock' : 'upgrade');
      }
    }
    expect(world.activity.map((a) => a.at)).toEqual(
      [...world.activity.map((a) => a.at)].sort((x, y) => x - y),
    );
  });
});

describe('auction house', () => {
  it('has 60+ listings across 8+ categories with game-style names, icons and prices', () => {
    expect(world.listings.length).toBeGreaterThanOrEqual(60);
    const categories = new Set(world.listings.map((l) => l.category.key));
    expect(categories.size).toBeGreaterThanOrEqual(8);
    expect(world.listings.some((l) => l.category.name.includes('§'))).toBe(true);
    expect(world.listings.some((l) => l.category.name === '§6Enchanted Books')).toBe(true);
    for (const l of world.listings) {
      expect(itemSchema.safeParse(l.item).success).toBe(true);
      expect(l.qty).toBeGreaterThanOrEqual(1);
      expect(l.price).toBeGreaterThan(0);
    }
    expect(new Set(world.listings.map((l) => l.id)).size).toBe(world.listings.length);
  });
});

describe('demo accounts', () => {
  const demo = world.players.find((p) => p.uuid === DEMO_PLAYER.uuid)!;

  it('has DemoPlayer in a gang, with friends, stats, activity, kits, money and a listing', () => {
    expect(demo.username).toBe('DemoPlayer');
    expect(world.gangs.some((g) => g.members.some((m) => m.uuid === demo.uuid))).toBe(true);
    const friends = world.friendships.filter((f) => f.a === demo.uuid || f.b === demo.uuid);
    expect(friends.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(demo.stats).length).toBeGreaterThan(20);
    expect(demo.balance).toBeGreaterThan(1e9);
    expect(demo.gkits.filter((k) => k.unlocked).length).toBeGreaterThanOrEqual(3);
    expect(demo.gkits.some((k) => !k.unlocked)).toBe(true);
    expect(world.listings.some((l) => l.sellerUuid === demo.uuid)).toBe(true);
    // The profile shows the latest entries: they cover every kind the site draws.
    const latest = world.activity.filter((a) => a.actorUuid === demo.uuid).slice(-10);
    expect(new Set(latest.map((a) => a.type)).size).toBeGreaterThanOrEqual(9);
  });

  it("sends DemoPlayer's password, and nothing of DemoAdmin's account: the site makes it", () => {
    expect(world.accounts).toEqual([{ uuid: DEMO_PLAYER.uuid, password: 'prison-demo' }]);
    expect(world.accounts.some((account) => account.roles?.length)).toBe(false);
    expect(world.players.some((p) => p.uuid === DEMO_ADMIN.uuid && p.username === 'DemoAdmin')).toBe(true);
  });
});

describe('determinism', () => {
  it('builds the same world from the same seed and a different one from another seed', () => {
    expect(generateWorld({ now: NOW })).toEqual(world);
    const other = generateWorld({ now: NOW, seed: 'another' });
    expect(other.players.slice(1, 20).map((p) => p.username)).not.toEqual(
      world.players.slice(1, 20).map((p) => p.username),
    );
    // The demo accounts keep their fixed uuids whatever the seed.
    expect(other.players.find((p) => p.username === 'DemoPlayer')?.uuid).toBe(DEMO_PLAYER.uuid);
  });
});
