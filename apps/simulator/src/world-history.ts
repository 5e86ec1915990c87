// What already happened before the simulator started: the activity history and the auction house.
import { AUCTION_CATEGORIES, type AuctionCategory, type AuctionItem, GKITS } from './catalogue.ts';
import { chatLine, privateLine, tradeLine } from './chatter.ts';
import { DEMO_ADMIN, DEMO_PLAYER } from './demo-accounts.ts';
import { listedItem } from './listed-items.ts';
import {
  type ActivityEntry,
  type Gang,
  HOUR,
  type Listing,
  type Player,
  type Session,
  type World,
} from './model.ts';
import type { Rng } from './random.ts';

export const LISTING_COUNT = 72;
const STACKS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 576, 1152, 2304];

/** Prices the way players type them: two or three significant digits. */
export function humanPrice(rng: Rng, [min, max]: readonly [number, number]): number {
  const raw = rng.logFloat(min, max);
  const digits = raw < 100 ? 2 : rng.chance(0.5) ? 2 : 3;
  const step = 10 ** (Math.floor(Math.log10(raw)) - digits + 1);
  const price = Math.round(raw / step) * step;
  return Number(price.toPrecision(12));
}

export function listingQty(rng: Rng, item: AuctionItem): number {
  const [min, max] = item.qty;
  if (max < 16) return rng.int(min, max);
  return rng.pick(STACKS.filter((n) => n >= min && n <= max));
}

const categoryOf = (c: AuctionCategory) => ({ key: c.key, name: c.name, icon: c.icon });

export function buildListings(rng: Rng, world: World): Listing[] {
  const sellers = world.players.filter((p) => p.uuid !== DEMO_ADMIN.uuid);
  const listings: Listing[] = [];
  const add = (
    sellerUuid: string,
    category: AuctionCategory,
    item: AuctionItem,
    qty = listingQty(rng, item),
  ) => {
    const id = `lst-${world.tag}-${listings.length + 1}`;
    listings.push({
      id,
      sellerUuid,
      category: categoryOf(category),
      item: listedItem(rng.fork(`item:${id}`), item),
      qty,
      price: humanPrice(rng, item.price),
      listedAt: Math.round(world.now - rng.logFloat(0.5, 12 * 24) * HOUR),
    });
  };
  for (let i = 0; i < LISTING_COUNT - 2; i++) {
    // Every category gets a handful before the rest spread at random.
    const category =
      i < AUCTION_CATEGORIES.length * 5
        ? AUCTION_CATEGORIES[i % AUCTION_CATEGORIES.length]!
        : rng.pick(AUCTION_CATEGORIES);
    const seller = rng.weighted(sellers.map((p) => [p, p.level + 5] as const));
    add(seller.uuid, category, rng.pick(category.items));
  }
  const books = AUCTION_CATEGORIES.find((c) => c.key === 'enchanted_books')!;
  const blocks = AUCTION_CATEGORIES.find((c) => c.key === 'blocks')!;
  add(DEMO_PLAYER.uuid, books, books.items.find((i) => i.name === 'Efficiency VI')!, 2);
  add(DEMO_PLAYER.uuid, blocks, blocks.items.find((i) => i.name === 'Diamond Block')!, 128);
  return listings;
}

const levelText = (rng: Rng, level: number) => (rng.chance(0.8) ? JSON.stringify({ level }) : String(level));
const kitText = (kitId: string, level: number, status: 'unlock' | 'upgrade') =>
  JSON.stringify({ kitId, kitName: GKITS.find((k) => k.id === kitId)?.name ?? kitId, level, status });

export function buildActivity(rng: Rng, world: World): ActivityEntry[] {
  const byUuid = new Map(world.players.map((p) => [p.uuid, p]));
  const gangOf = new Map<string, Gang>();
  for (const gang of world.gangs) for (const m of gang.members) gangOf.set(m.uuid, gang);
  const friendsOf = new Map<string, string[]>();
  for (const { a, b } of world.friendships) {
    friendsOf.set(a, [...(friendsOf.get(a) ?? []), b]);
    friendsOf.set(b, [...(friendsOf.get(b) ?? []), a]);
  }
  const entries: ActivityEntry[] = [];
  for (const player of world.players) {
    const r = rng.fork(`player:${player.index}`);
    const gang = gangOf.get(player.uuid) ?? null;
    const contacts = [
      ...(friendsOf.get(player.uuid) ?? []),
      ...(gang?.members.map((m) => m.uuid) ?? []),
    ].filter((uuid) => uuid !== player.uuid);
    const add = (at: number, type: string, text: string | null = null, targetUuid: string | null = null) =>
      entries.push({ at: Math.round(at), actorUuid: player.uuid, type, text, targetUuid });
    const context = { level: player.level, gangName: gang?.name ?? null };
    const during = (s: Session) => r.float(s.start + 1000, s.end - 1000);
    const isDemoPlayer = player.uuid === DEMO_PLAYER.uuid;
    // The demo player's last session is scripted below so their latest entries show every kind.
    const sessions = isDemoPlayer ? player.sessions.slice(0, -1) : player.sessions;
    const earlier = player.sessions.length > 1 ? player.sessions.slice(0, -1) : player.sessions;
    const last = player.sessions[player.sessions.length - 1]!;

    for (const session of sessions) {
      add(session.start, 'PLAYER_JOIN');
      for (let i = r.int(0, 1 + Math.round(player.activity * 3)); i > 0; i--)
        add(during(session), 'CHAT_MESSAGE', chatLine(r, context));
      if (contacts.length && r.chance(0.5))
        add(during(session), 'PRIVATE_MESSAGE', privateLine(r, context), r.pick(contacts));
      add(session.end, 'PLAYER_QUIT');
    }
    for (let i = isDemoPlayer ? 1 : 0; i < Math.min(player.level - 1, r.int(1, 3)); i++) {
      const level = player.level - i;
      add(i === 0 ? during(last) : during(r.pick(earlier)), 'LEVEL_UP', levelText(r, level));
    }
    if (player.prestige > 0 && !isDemoPlayer)
      add(during(r.pick(player.sessions)), 'PRESTIGE_UP', `Reached Prestige ${player.prestige}`);
    for (const kit of player.gkits) {
      if (!kit.unlocked) continue;
      // Unlocked in an earlier session, upgraded in the same one or a later one.
      const unlockIndex = r.int(0, earlier.length - 1);
      add(during(earlier[unlockIndex]!), 'GKIT_UNLOCK', kitText(kit.kitId, 1, 'unlock'));
      const upgradeIn = isDemoPlayer ? earlier : player.sessions;
      const upgradeAt = during(upgradeIn[r.int(unlockIndex, upgradeIn.length - 1)]!);
      if (kit.level > 1) add(upgradeAt, 'GKIT_LEVEL_UP', kitText(kit.kitId, kit.level, 'upgrade'));
    }
    if (r.chance(0.3) && !isDemoPlayer) {
      const partner = contacts.length ? r.pick(contacts) : r.pick(world.players).uuid;
      if (partner !== player.uuid)
        add(during(r.pick(player.sessions)), 'TRADE_COMPLETED', tradeLine(r, player.balance).text, partner);
    }
    const membership = gang?.members.find((m) => m.uuid === player.uuid);
    if (gang && membership)
      add(
        membership.joinedAt,
        'GANG_JOIN',
        `${membership.role === 'Leader' ? 'Founded' : 'Joined'} ${gang.name}`,
      );
    if (isDemoPlayer) scriptDemoSession(r, player, last, contacts, byUuid, add, context);
  }
  return entries.sort((a, b) => a.at - b.at);
}

function scriptDemoSession(
  r: Rng,
  player: Player,
  session: Session,
  contacts: string[],
  byUuid: Map<string, Player>,
  add: (at: number, type: string, text?: string | null, target?: string | null) => void,
  context: { level: number; gangName: string | null },
) {
  const step = (session.end - session.start) / 10;
  const at = (i: number) => session.start + step * i;
  const friend = contacts.find((uuid) => byUuid.get(uuid)?.uuid !== DEMO_ADMIN.uuid) ?? contacts[0]!;
  add(at(0), 'PLAYER_JOIN');
  add(at(1), 'CHAT_MESSAGE', chatLine(r, context));
  add(at(2), 'PRIVATE_MESSAGE', 'check the site, i listed the diamond blocks', friend);
  add(at(3), 'LEVEL_UP', JSON.stringify({ level: player.level }));
  add(at(4), 'GKIT_UNLOCK', kitText('warden', 1, 'unlock'));
  add(at(5), 'GKIT_LEVEL_UP', kitText('excavator', 3, 'upgrade'));
  add(at(6), 'TRADE_COMPLETED', 'Traded 2x Efficiency VI for $6,400,000', friend);
  add(at(7), 'PRESTIGE_UP', `Reached Prestige ${player.prestige}`);
  add(at(8), 'CHAT_MESSAGE', 'gg, logging off for tonight');
  add(session.end, 'PLAYER_QUIT');
}
