// One second of the simulated server at a time: who joins and leaves, what they say, mine, earn,
// spend and trade, and the occasional gang, friendship and auction change (or, while the seed is
// still being delivered, only who joins and leaves). Every change is applied to the live state and
// returned as bridge events with ids unique to this run, and so are the punishments and pardons staff
// issued from the console since the last tick.
import type { BridgeEvent } from '@prison/shared/bridge';
import { rankForLevel, xpForLevel } from '@prison/shared/experience';
import { AUCTION_CATEGORIES, GKITS } from './catalogue.ts';
import { chatLine, privateLine, tradeLine } from './chatter.ts';
import { DEMO_ADMIN } from './demo-accounts.ts';
import { listedItem } from './listed-items.ts';
import type { LivePlayer, LiveState } from './live-state.ts';
import { miningStats, moneyPerBlock, roundMoney, xpPerBlock } from './mining.ts';
import type { Punishment } from './moderation.ts';
import { centsOf, dollars } from './money.ts';
import { iso, punishment, type Staff, staffOf } from './punishments.ts';
import { createRng, type Rng } from './random.ts';
import { ServerHealth } from './server-health.ts';
import { humanPrice, listingQty } from './world-history.ts';

export const MIN_ONLINE = 40;
export const MAX_ONLINE = 120;
/** The site treats the count as unknown after 60 s without a report (spec); report well within. */
const STATUS_EVERY_MS = 5_000;
const MAX_RUN_LISTINGS = 40;

type WithoutIds<E> = E extends unknown ? Omit<E, 'id' | 'at'> : never;
type NewEvent = WithoutIds<BridgeEvent>;

export class LiveEvents {
  private readonly rng: Rng;
  private readonly health: ServerHealth;
  private counter = 0;
  private listingCounter = 0;
  private target: number;
  private lastStatusAt = Number.NEGATIVE_INFINITY;
  private events: BridgeEvent[] = [];
  private now = 0;
  /** Moderation draws from a generator of its own, so the rest of the run is as it was. */
  private readonly moderation: Rng;
  private readonly staff: Staff[];
  private punishments = 0;

  constructor(
    private readonly state: LiveState,
    private readonly runId: string,
  ) {
    this.rng = createRng(`run:${runId}`);
    // A generator of its own, so the health figures leave the population's draws as they were.
    this.health = new ServerHealth(createRng(`health:${runId}`));
    this.target = this.rng.int(60, 90);
    this.moderation = createRng(`moderation:${runId}`);
    this.staff = staffOf(state.players);
  }

  /**
   * The server just (re)started: nobody from an earlier run is still online. Each quit carries the
   * player's last logout, so a player who was already offline keeps their last-seen time.
   */
  reset(now: number): BridgeEvent[] {
    this.begin(now);
    for (const p of this.state.players) {
      if (!this.state.online.has(p.uuid)) this.emit({ type: 'player.quit', uuid: p.uuid }, p.lastLogoutAt);
    }
    return this.end();
  }

  tick(now: number): BridgeEvent[] {
    this.begin(now);
    const r = this.rng;
    const before = this.state.online.size;
    this.consoleModeration(true);
    this.movePopulation();
    if (r.chance(0.6)) this.chat();
    if (r.chance(0.15)) this.chat();
    if (r.chance(0.15)) this.privateMessage();
    const online = this.state.onlinePlayers();
    const miners = Math.max(1, Math.round(online.length * 0.06));
    for (let i = 0; i < miners && online.length; i++) this.mine(r.pick(online));
    if (r.chance(0.1)) this.spend();
    if (r.chance(0.04)) this.trade();
    if (r.chance(0.08)) this.gangDeposit();
    if (r.chance(0.02)) this.gangWithdraw();
    if (r.chance(0.015)) this.gangJoin();
    if (r.chance(0.01)) this.gangLeave();
    if (r.chance(0.02)) this.befriend();
    if (r.chance(0.005)) this.unfriend();
    if (r.chance(0.05)) this.claimKit();
    if (r.chance(0.03)) this.list();
    if (r.chance(0.01) || this.state.listings.size > MAX_RUN_LISTINGS) this.cancelListing();
    // About one punishment every five minutes, and now and then a pardon.
    if (this.moderation.chance(1 / 300)) this.punish();
    if (this.moderation.chance(1 / 1800)) this.pardon();
    this.status(before);
    return this.end();
  }

  /**
   * A tick of presence only, the same joins, quits (with their activity entries and statistics)
   * and online counts as a full tick: what may run while the seed is still being delivered, as it
   * names nothing but players, who all exist once the seed's sessions are applied. The console's
   * punishments go out too (they name only their player); its pardons wait for a full tick, as
   * they may name a punishment of the seed's history the site has yet to hear of.
   */
  presence(now: number): BridgeEvent[] {
    this.begin(now);
    const before = this.state.online.size;
    this.consoleModeration(false);
    this.movePopulation();
    this.status(before);
    return this.end();
  }

  /** The online count with the health figures, on every change and at least every STATUS_EVERY_MS. */
  private status(before: number) {
    if (this.state.online.size === before && this.now - this.lastStatusAt < STATUS_EVERY_MS) return;
    const online = this.state.online.size;
    this.emit({
      type: 'server.status',
      online,
      max_online: this.state.maxOnline,
      ...this.health.sample(this.now, online),
    });
    this.lastStatusAt = this.now;
  }

  private begin(now: number) {
    this.now = now;
    this.events = [];
  }

  private end(): BridgeEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private emit(event: NewEvent, at = this.now) {
    this.events.push({
      ...event,
      id: `run:${this.runId}:${++this.counter}`,
      at: new Date(at).toISOString(),
    } as BridgeEvent);
  }

  private activity(
    actor: LivePlayer,
    type: string,
    text: string | null = null,
    target: LivePlayer | null = null,
  ) {
    this.emit({
      type: 'activity',
      actor_uuid: actor.uuid,
      activity_type: type,
      activity_text: text,
      target_uuid: target?.uuid ?? null,
    });
  }

  private pickOnline(filter: (p: LivePlayer) => boolean = () => true): LivePlayer | undefined {
    const candidates = this.state.onlinePlayers().filter(filter);
    return candidates.length ? this.rng.pick(candidates) : undefined;
  }

  // Population: the target drifts on a slow wave plus noise; joins and quits follow it.
  private movePopulation() {
    const r = this.rng;
    const wave = 80 + 30 * Math.sin((2 * Math.PI * this.now) / (40 * 60_000));
    this.target = Math.min(
      MAX_ONLINE,
      Math.max(MIN_ONLINE, this.target + r.normal() * 1.5 + (wave - this.target) * 0.02),
    );
    const gap = Math.round(this.target) - this.state.online.size;
    // Near the target a lone player still comes or goes now and then (towards the target, or
    // either way on it), so the count never rests for long: the home page's live count visibly moves.
    const drift =
      Math.abs(gap) <= 2 && r.chance(0.35) ? (gap > 0 || (gap === 0 && r.chance(0.5)) ? 1 : -1) : 0;
    // Right after a restart most regulars reconnect at once.
    const joins =
      this.state.online.size === 0
        ? Math.round(this.target * 0.75)
        : gap > 2
          ? r.int(1, Math.min(4, gap))
          : Math.max(0, drift);
    const quits = gap < -2 ? r.int(1, Math.min(4, -gap)) : Math.max(0, -drift);
    for (let i = 0; i < joins; i++) this.join();
    for (let i = 0; i < quits; i++) this.quit();
    if (r.chance(0.25) && this.state.online.size > MIN_ONLINE) {
      this.join();
      this.quit();
    }
  }

  private join() {
    const offline = this.state.players.filter(
      (p) => !this.state.online.has(p.uuid) && !this.state.moderation.isBanned(p.uuid, this.now),
    );
    if (offline.length === 0) return;
    const p = this.rng.weighted(offline.map((x) => [x, x.activity] as const));
    this.state.online.add(p.uuid);
    p.sessionStart = this.now;
    this.emit({ type: 'player.join', uuid: p.uuid, username: p.username });
    this.activity(p, 'PLAYER_JOIN');
    this.emit({ type: 'player.stats', uuid: p.uuid, set: { LAST_LOGIN: this.now } });
  }

  private quit(player?: LivePlayer) {
    const p = player ?? this.pickOnline();
    if (!p) return;
    this.state.online.delete(p.uuid);
    const played = Math.round((this.now - (p.sessionStart ?? this.now)) / 1000);
    p.sessionStart = null;
    p.lastLogoutAt = this.now;
    this.emit({ type: 'player.quit', uuid: p.uuid });
    this.activity(p, 'PLAYER_QUIT');
    this.emit({
      type: 'player.stats',
      uuid: p.uuid,
      add: { TIME_PLAYED: played },
      set: { LAST_LOGOUT: this.now },
    });
  }

  private nextPunishmentId(): string {
    return `run:${this.runId}:pun:${++this.punishments}`;
  }

  /** Staff punish an online player (never a demo account or one of the staff). */
  private punish() {
    const candidates = this.state
      .onlinePlayers()
      .filter((p) => !p.isDemo && !this.staff.some((s) => s?.uuid === p.uuid));
    if (candidates.length === 0) return;
    const player = this.moderation.pick(candidates);
    const { event, length } = punishment(this.moderation, player, this.staff);
    const id = this.nextPunishmentId();
    const type = event.punishment_type;
    const until = length === null || type === 'kick' ? null : this.now + length;
    this.emit({ ...event, punishment_id: id, until: until === null ? null : iso(until) });
    this.state.moderation.record({
      id,
      type,
      uuid: player.uuid,
      username: player.username,
      reason: event.reason ?? null,
      silent: event.silent ?? false,
      length: until === null ? null : length,
      issuedAt: this.now,
      origin: 'run',
    });
    if (type === 'ban' || type === 'kick') this.quit(player);
  }

  /** Staff lift one of their own bans or mutes of this run early. */
  private pardon() {
    const liftable = this.state.moderation.liftable(this.now);
    if (liftable.length === 0) return;
    const lifted = liftable[this.moderation.int(0, liftable.length - 1)]!;
    this.state.moderation.lift(lifted);
    this.emit({
      type: 'punishment.revoked',
      punishment_id: lifted.id!,
      staff: this.moderation.pick(this.staff),
      reason: this.moderation.pick(['Appeal accepted', 'Served enough', null]),
    });
  }

  /**
   * What staff did from the console since the last tick (LiteBans' commands over RCON, run as the
   * console: no staff member is named). A kick or a ban sends the player off at once.
   */
  private consoleModeration(revocations: boolean) {
    const changes = this.state.moderation.takeChanges(this.now, () => this.nextPunishmentId(), {
      revocations,
    });
    for (const change of changes) {
      const p = change.punishment;
      if (change.kind === 'revoked') {
        this.emit({
          type: 'punishment.revoked',
          punishment_id: p.id!,
          staff: change.by?.staff ?? null,
          reason: change.reason,
          ...(change.by && { action_id: change.by.actionId }),
        });
        continue;
      }
      this.emit(issuedEvent(p));
      if ((p.type === 'ban' || p.type === 'kick') && this.state.online.has(p.uuid)) {
        this.quit(this.state.player(p.uuid));
      }
    }
  }

  private context(p: LivePlayer) {
    return { level: p.level, gangName: p.gangId ? (this.state.gangs.get(p.gangId)?.name ?? null) : null };
  }

  private chat() {
    const p = this.pickOnline((x) => !this.state.moderation.isMuted(x.uuid, this.now));
    if (p) this.activity(p, 'CHAT_MESSAGE', chatLine(this.rng, this.context(p)));
  }

  private privateMessage() {
    const from = this.pickOnline((x) => !this.state.moderation.isMuted(x.uuid, this.now));
    if (!from) return;
    const mates = (x: LivePlayer) =>
      x.uuid !== from.uuid &&
      (this.state.areFriends(from.uuid, x.uuid) || (x.gangId !== null && x.gangId === from.gangId));
    const to = this.pickOnline(mates) ?? this.pickOnline((x) => x.uuid !== from.uuid);
    if (to) this.activity(from, 'PRIVATE_MESSAGE', privateLine(this.rng, this.context(from)), to);
  }

  private mine(p: LivePlayer) {
    const r = this.rng;
    // A few seconds of mining with the enchants a player of this level has.
    const blocks = Math.round(r.int(12, 50) * (1 + p.level / 60));
    const xp = Math.max(1, Math.round(blocks * xpPerBlock(p.level) * r.float(0.8, 1.2)));
    p.xp += xp;
    let level = p.level;
    while (p.xp >= xpForLevel(level + 1)) level++;
    const leveled = level !== p.level;
    const rank = rankForLevel(level);
    const rankChanged = rank !== p.rank;
    p.level = level;
    p.rank = rank;
    this.emit({
      type: 'player.progress',
      uuid: p.uuid,
      xp_delta: xp,
      ...(leveled && { level }),
      ...(rankChanged && { rank }),
    });
    const earned = roundMoney(blocks * moneyPerBlock(p.level, p.prestige) * r.float(0.8, 1.2));
    p.balance += centsOf(earned);
    this.emit({ type: 'player.balance', uuid: p.uuid, delta: earned, reason: 'mine_sales' });
    this.emit({ type: 'player.stats', uuid: p.uuid, add: miningStats(r, p.level, blocks) });
    if (!leveled) return;
    this.activity(p, 'LEVEL_UP', r.chance(0.85) ? JSON.stringify({ level }) : String(level));
    for (const kit of GKITS) {
      const state = p.gkits.get(kit.id);
      if (state?.unlocked || kit.unlockLevel > level || kit.unlockPrestige > p.prestige) continue;
      p.gkits.set(kit.id, {
        kitId: kit.id,
        unlocked: true,
        level: 1,
        cooldownEndsAt: null,
        lastClaimedAt: null,
      });
      this.emit({
        type: 'player.gkit',
        uuid: p.uuid,
        kit_id: kit.id,
        unlocked: true,
        level: 1,
        cooldown_ends_at: null,
        last_claimed_at: null,
      });
      this.activity(
        p,
        'GKIT_UNLOCK',
        JSON.stringify({ kitId: kit.id, kitName: kit.name, level: 1, status: 'unlock' }),
      );
    }
  }

  /**
   * Money leaves a balance only in a small share of it, so that a purchase on the site a moment
   * before this is heard of there seldom leaves the player short. Demo accounts are bought with on
   * the site, so they never pay here.
   */
  private pay(p: LivePlayer, amount: number, reason: string): boolean {
    if (p.isDemo || amount <= 0 || amount > dollars(p.balance) * 0.25) return false;
    p.balance -= centsOf(amount);
    this.emit({ type: 'player.balance', uuid: p.uuid, delta: -amount, reason });
    return true;
  }

  private receive(p: LivePlayer, amount: number, reason: string) {
    p.balance += centsOf(amount);
    this.emit({ type: 'player.balance', uuid: p.uuid, delta: amount, reason });
  }

  private spend() {
    const p = this.pickOnline((x) => !x.isDemo && dollars(x.balance) > 1_000);
    if (!p) return;
    const reason = this.rng.pick(['enchant_upgrade', 'shop_purchase', 'crate_key', 'plot_rent']);
    this.pay(p, roundMoney(dollars(p.balance) * this.rng.float(0.002, 0.03)), reason);
  }

  private trade() {
    const buyer = this.pickOnline((x) => !x.isDemo && dollars(x.balance) > 1_000);
    const seller = buyer && this.pickOnline((x) => x.uuid !== buyer.uuid);
    if (!buyer || !seller) return;
    const { text, amount } = tradeLine(this.rng, dollars(buyer.balance));
    const price = roundMoney(Math.min(amount, dollars(buyer.balance) * 0.2));
    if (!this.pay(buyer, price, 'trade')) return;
    this.receive(seller, price, 'trade');
    this.activity(seller, 'TRADE_COMPLETED', text, buyer);
  }

  private gangDeposit() {
    const p = this.pickOnline((x) => x.gangId !== null && !x.isDemo && dollars(x.balance) > 10_000);
    if (!p?.gangId) return;
    const gang = this.state.gangs.get(p.gangId)!;
    const amount = roundMoney(dollars(p.balance) * this.rng.float(0.01, 0.05));
    if (!this.pay(p, amount, 'gang_deposit')) return;
    gang.treasury = roundMoney(gang.treasury + amount);
    this.emit({ type: 'gang.treasury', gang_id: gang.id, delta: amount });
  }

  private gangWithdraw() {
    const p = this.pickOnline((x) => {
      const role = x.gangId ? this.state.gangs.get(x.gangId)?.members.get(x.uuid) : undefined;
      return role === 'Leader' || role === 'Officer';
    });
    if (!p?.gangId) return;
    const gang = this.state.gangs.get(p.gangId)!;
    const amount = roundMoney(gang.treasury * this.rng.float(0.005, 0.03));
    if (amount <= 0) return;
    gang.treasury = roundMoney(gang.treasury - amount);
    this.emit({ type: 'gang.treasury', gang_id: gang.id, delta: -amount });
    this.receive(p, amount, 'gang_withdraw');
  }

  private gangJoin() {
    const p = this.pickOnline((x) => x.gangId === null && !x.isDemo);
    if (!p) return;
    const open = [...this.state.gangs.values()].filter(
      (g) => g.status !== 'Closed' && g.minLevel <= p.level && g.members.size < 35,
    );
    if (open.length === 0) return;
    const gang = this.rng.pick(open);
    gang.members.set(p.uuid, 'Recruit');
    p.gangId = gang.id;
    this.emit({ type: 'gang.member', gang_id: gang.id, uuid: p.uuid, role: 'Recruit' });
    this.activity(p, 'GANG_JOIN', `Joined ${gang.name}`);
  }

  private gangLeave() {
    const p = this.pickOnline((x) => {
      const role = x.gangId ? this.state.gangs.get(x.gangId)?.members.get(x.uuid) : undefined;
      return !x.isDemo && (role === 'Member' || role === 'Recruit');
    });
    if (!p?.gangId) return;
    const gang = this.state.gangs.get(p.gangId)!;
    gang.members.delete(p.uuid);
    p.gangId = null;
    this.emit({ type: 'gang.leave', gang_id: gang.id, uuid: p.uuid });
    this.activity(p, 'GANG_LEAVE', `Left ${gang.name}`);
  }

  private befriend() {
    const a = this.pickOnline();
    const b = a && this.pickOnline((x) => x.uuid !== a.uuid && !this.state.areFriends(a.uuid, x.uuid));
    if (!a || !b) return;
    this.state.link(a.uuid, b.uuid);
    this.emit({ type: 'friend.add', uuid: a.uuid, friend_uuid: b.uuid });
  }

  private unfriend() {
    const a = this.pickOnline((x) => !x.isDemo && (this.state.friends.get(x.uuid)?.size ?? 0) > 2);
    if (!a) return;
    const friends = [...this.state.friends.get(a.uuid)!].filter((uuid) => !this.state.player(uuid).isDemo);
    if (friends.length === 0) return;
    const b = this.rng.pick(friends);
    this.state.unlink(a.uuid, b);
    this.emit({ type: 'friend.remove', uuid: a.uuid, friend_uuid: b });
  }

  private claimKit() {
    const ready = (p: LivePlayer) =>
      [...p.gkits.values()].filter((k) => k.unlocked && (k.cooldownEndsAt ?? 0) <= this.now);
    // The demo accounts keep a kit in every state (locked, cooling down, ready) for the profile to show.
    const p = this.pickOnline((x) => !x.isDemo && ready(x).length > 0);
    if (!p) return;
    const kit = this.rng.pick(ready(p));
    const hours = GKITS.find((k) => k.id === kit.kitId)?.cooldownHours ?? 24;
    kit.lastClaimedAt = this.now;
    kit.cooldownEndsAt = this.now + hours * 3_600_000;
    this.emit({
      type: 'player.gkit',
      uuid: p.uuid,
      kit_id: kit.kitId,
      unlocked: true,
      level: kit.level,
      last_claimed_at: new Date(kit.lastClaimedAt).toISOString(),
      cooldown_ends_at: new Date(kit.cooldownEndsAt).toISOString(),
    });
  }

  private list() {
    const seller = this.pickOnline((x) => x.uuid !== DEMO_ADMIN.uuid);
    if (!seller) return;
    const category = this.rng.pick(AUCTION_CATEGORIES);
    const item = this.rng.pick(category.items);
    const id = `lst-${this.runId}-${++this.listingCounter}`;
    const price = humanPrice(this.rng, item.price);
    this.state.listings.set(id, { id, sellerUuid: seller.uuid, price });
    this.emit({
      type: 'auction.listed',
      listing_id: id,
      seller_uuid: seller.uuid,
      category_key: category.key,
      category_name: category.name,
      category_icon: category.icon,
      item: listedItem(this.rng.fork(`item:${id}`), item),
      qty: listingQty(this.rng, item),
      price,
    });
  }

  private cancelListing() {
    const [oldest] = this.state.listings.keys();
    if (oldest === undefined) return;
    // Mostly the oldest (it did not sell), sometimes any.
    const id = this.rng.chance(0.7) ? oldest : this.rng.pick([...this.state.listings.keys()]);
    this.state.listings.delete(id);
    this.emit({ type: 'auction.cancelled', listing_id: id });
  }
}

/** A console punishment as the bridge reports it, once the live loop has given it its id and time. */
function issuedEvent(p: Punishment): NewEvent {
  return {
    type: 'punishment.issued',
    punishment_id: p.id!,
    punishment_type: p.type,
    uuid: p.uuid,
    username: p.username,
    staff: p.staff ?? null,
    reason: p.reason,
    until: p.length === null || p.type === 'kick' ? null : iso(p.issuedAt! + p.length),
    silent: p.silent,
    ...(p.actionId !== undefined && { action_id: p.actionId }),
  };
}
