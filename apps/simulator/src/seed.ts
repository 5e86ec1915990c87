// Turns the generated world into bridge events, in an order the site accepts (a player exists before
// anything names them, a gang before its members, a listing's seller before the listing), with ids
// fixed by the seed so that seeding the same site again is skipped event by event. All the joins and
// quits come first, so the live presence loop can run while the rest of the seed is delivered; the
// past month of online counts comes last, in batches of its own.
import { type BridgeEvent, MAX_EVENTS_PER_BATCH } from '@prison/shared/bridge';
import { DAY, HOUR, MAX_PLAYERS, type Player, type World } from './model.ts';
import { seedPunishments } from './punishments.ts';
import { createRng } from './random.ts';
import { statusHistory } from './status-history.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export function seedEvents(world: World): BridgeEvent[] {
  return [...sessionEvents(world), ...historyEvents(world), ...statusEvents(world)];
}

/**
 * The seed in delivery order, in batches: first every player's sessions (which create all the
 * players and leave them offline, so live presence may start as soon as they are applied), then
 * everything else, ending with the online counts of the past month.
 */
export function seedPhases(world: World): { sessions: BridgeEvent[][]; history: BridgeEvent[][] } {
  return {
    sessions: toBatches(sessionEvents(world)),
    history: [...toBatches(historyEvents(world)), ...toBatches(statusEvents(world))],
  };
}

export function seedBatches(world: World): BridgeEvent[][] {
  const { sessions, history } = seedPhases(world);
  return [...sessions, ...history];
}

const seedId = (world: World) => (key: string) => `seed:${world.tag}:${key}`;

/**
 * Only joins and quits: everyone's first session creates the players with their first login in the
 * past, and everyone's last session makes the last login and logout recent and leaves them offline.
 */
function sessionEvents(world: World): BridgeEvent[] {
  const id = seedId(world);
  const events: BridgeEvent[] = [];
  for (const p of world.players) {
    const first = p.sessions[0]!;
    events.push({
      id: id(`p${p.index}:join0`),
      type: 'player.join',
      at: iso(first.start),
      uuid: p.uuid,
      username: p.username,
    });
    events.push({ id: id(`p${p.index}:quit0`), type: 'player.quit', at: iso(first.end), uuid: p.uuid });
  }
  for (const p of world.players) {
    if (p.sessions.length < 2) continue;
    const last = p.sessions[p.sessions.length - 1]!;
    events.push({
      id: id(`p${p.index}:join1`),
      type: 'player.join',
      at: iso(last.start),
      uuid: p.uuid,
      username: p.username,
    });
    events.push({ id: id(`p${p.index}:quit1`), type: 'player.quit', at: iso(last.end), uuid: p.uuid });
  }
  return events;
}

/** Everything about the players, all of whom exist by then. */
function historyEvents(world: World): BridgeEvent[] {
  const id = seedId(world);
  const events: BridgeEvent[] = [];
  const byUuid = new Map(world.players.map((p) => [p.uuid, p]));
  const ref = (uuid: string) => byUuid.get(uuid)!.index;

  // 1. Site accounts, as the plugin sends them from in-game commands and permission groups.
  for (const account of world.accounts) {
    const key = `p${ref(account.uuid)}`;
    if (account.password)
      events.push({
        id: id(`${key}:password`),
        type: 'account.password',
        uuid: account.uuid,
        password: account.password,
      });
    if (account.roles)
      events.push({
        id: id(`${key}:roles`),
        type: 'account.roles',
        uuid: account.uuid,
        roles: account.roles,
      });
  }

  // 2. Progress, money, statistics and kits.
  for (const p of world.players) events.push(...playerState(world, p, id));

  // 3. Gangs, then their members (leader first), then their treasuries.
  for (const gang of world.gangs) {
    events.push({
      id: id(`g:${gang.id}`),
      type: 'gang.upsert',
      at: iso(gang.createdAt),
      gang_id: gang.id,
      name: gang.name,
      status: gang.status,
      color: gang.color,
      min_level: gang.minLevel,
    });
    for (const m of gang.members) {
      events.push({
        id: id(`g:${gang.id}:m${ref(m.uuid)}`),
        type: 'gang.member',
        at: iso(m.joinedAt),
        gang_id: gang.id,
        uuid: m.uuid,
        role: m.role,
      });
    }
    events.push({
      id: id(`g:${gang.id}:treasury`),
      type: 'gang.treasury',
      at: iso(gang.createdAt),
      gang_id: gang.id,
      delta: gang.treasury,
    });
  }

  // 4. Friendships (one event links both ways).
  for (const f of world.friendships) {
    events.push({
      id: id(`f:${ref(f.a)}-${ref(f.b)}`),
      type: 'friend.add',
      at: iso(f.since),
      uuid: f.a,
      friend_uuid: f.b,
    });
  }

  // 5. The auction house.
  for (const l of world.listings) {
    events.push({
      id: id(`l:${l.id}`),
      type: 'auction.listed',
      at: iso(l.listedAt),
      listing_id: l.id,
      seller_uuid: l.sellerUuid,
      category_key: l.category.key,
      category_name: l.category.name,
      category_icon: l.category.icon,
      item: l.item,
      qty: l.qty,
      price: l.price,
    });
  }

  // 6. The activity history, oldest first.
  world.activity.forEach((a, n) => {
    events.push({
      id: id(`a:${n}`),
      type: 'activity',
      at: iso(a.at),
      actor_uuid: a.actorUuid,
      activity_type: a.type,
      activity_text: a.text,
      target_uuid: a.targetUuid,
    });
  });

  // 7. A month of moderation.
  events.push(...seedPunishments(world, id));

  return events;
}

/**
 * A report every five minutes over the past 30 days, oldest first. The site keeps the newest report
 * as the current count, so these never overwrite the live one that runs alongside the seed; their
 * ids are fixed by the seed like the rest, so a restart does not send them again.
 */
function statusEvents(world: World): BridgeEvent[] {
  const id = seedId(world);
  const samples = statusHistory({
    now: world.now,
    maxOnline: MAX_PLAYERS,
    rng: createRng(`status:${world.seed}`),
  });
  return samples.map((s, n) => ({
    id: id(`s:${n}`),
    type: 'server.status',
    at: iso(s.at),
    online: s.online,
    max_online: MAX_PLAYERS,
    tps: s.tps,
    mspt: s.mspt,
  }));
}

function playerState(world: World, p: Player, id: (key: string) => string): BridgeEvent[] {
  const key = `p${p.index}`;
  const first = p.sessions[0]!;
  const last = p.sessions[p.sessions.length - 1]!;
  // XP lands in hourly buckets by `at`: the bulk goes to the player's first days, and what they
  // earned in a session of the last day goes there, so the admin XP chart has a believable shape.
  const recent = last.end > world.now - DAY ? Math.min(Math.floor(p.xp * 0.1), 40_000) : 0;
  const events: BridgeEvent[] = [
    {
      id: id(`${key}:progress`),
      type: 'player.progress',
      at: iso(first.end),
      uuid: p.uuid,
      xp_delta: p.xp - recent,
      level: p.level,
      prestige: p.prestige,
      rank: p.rank,
    },
  ];
  const parts = Math.max(1, Math.min(4, Math.round((last.end - last.start) / HOUR)));
  for (let i = 0; recent > 0 && i < parts; i++) {
    const share = Math.floor(recent / parts) + (i === 0 ? recent % parts : 0);
    const at = last.start + ((i + 0.5) / parts) * (last.end - last.start);
    events.push({
      id: id(`${key}:xp${i}`),
      type: 'player.progress',
      at: iso(at),
      uuid: p.uuid,
      xp_delta: share,
    });
  }
  events.push(
    {
      id: id(`${key}:balance`),
      type: 'player.balance',
      at: iso(first.end),
      uuid: p.uuid,
      delta: p.balance,
      reason: 'mine_sales',
    },
    { id: id(`${key}:stats`), type: 'player.stats', at: iso(last.end), uuid: p.uuid, set: p.stats },
  );
  for (const kit of p.gkits) {
    // A locked kit is the site's default; the demo accounts send every card explicitly.
    if (!kit.unlocked && !p.isDemo) continue;
    events.push({
      id: id(`${key}:kit:${kit.kitId}`),
      type: 'player.gkit',
      at: iso(last.end),
      uuid: p.uuid,
      kit_id: kit.kitId,
      unlocked: kit.unlocked,
      level: kit.level,
      cooldown_ends_at: kit.cooldownEndsAt === null ? null : iso(kit.cooldownEndsAt),
      last_claimed_at: kit.lastClaimedAt === null ? null : iso(kit.lastClaimedAt),
    });
  }
  return events;
}

export function toBatches<T>(items: readonly T[], size = MAX_EVENTS_PER_BATCH): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}
