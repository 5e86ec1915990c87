// Gangs and friendships as the game server reports them (DESIGN.md section 7): the bridge calls
// these inside its batch's transaction, each with all of a batch's events of one kind that can be
// applied together (see bridge/plan.ts). A player who joins a gang, leaves it or gets a new role in
// it, and one whom another adds as a friend, is notified (notifications/writes.ts), when it is news.
import { fromCents, toCents } from '@prison/shared/money-format';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import type { Write } from '../../live/changes.ts';
import { addNotifications, type NewNotification } from '../notifications/writes.ts';
import { queueWebhooks, WEBHOOK_RECENT } from '../webhooks/events.ts';

/**
 * An event that happened longer ago than this (its `at`, the game's own time) is history, not news:
 * the simulator's seed reports months of friendships and gangs, and a game server catching up after
 * an outage reports what happened while the site was away. They are written like any other, but
 * notify nobody, or every seeded player would find a bell full of old news.
 */
export const NOTIFY_WITHIN_MS = 86_400_000;

const isNews = (at: Date | string) => new Date(at).getTime() > Date.now() - NOTIFY_WITHIN_MS;

/** Rows for `jsonb_to_recordset`: a whole set of writes travels as one parameter. */
const recordset = (rows: readonly object[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;

export interface GangWrite {
  id: string;
  name: string;
  status: string;
  /** Null clears it; left out, it stays. */
  color?: string | null;
  minLevel?: number;
}

/** Creates gangs or changes their name, status, colour or minimum level; one write per gang. */
export async function upsertGangs(w: Write, gangs: readonly GangWrite[]) {
  if (gangs.length === 0) return;
  const rows = gangs.map((g) => ({ ...g, color: g.color ?? null, hasColor: g.color !== undefined }));
  await w.tx.execute(sql`
    with r as (
      select * from ${recordset(rows)}
        as r(id text, name text, status text, color text, "hasColor" boolean, "minLevel" int)
    )
    insert into gangs as g (id, name, status, color, min_level)
    select id, name, status, color, coalesce("minLevel", 0) from r order by id
    on conflict (id) do update set
      name = excluded.name,
      status = excluded.status,
      color = case when (select "hasColor" from r where r.id = excluded.id) then excluded.color else g.color end,
      min_level = coalesce((select "minLevel" from r where r.id = excluded.id), g.min_level)`);
  for (const { id } of gangs) w.changes.push({ type: 'gang.changed', gang: id });
}

/** Moves gangs' treasuries by each `delta` (exact decimal text), each rounded to cents. */
export async function changeTreasuries(w: Write, moves: readonly { id: string; delta: string; at?: Date }[]) {
  if (moves.length === 0) return;
  // `before` is the row as the statement found it: a treasury that passed a mark is a milestone,
  // told when the newest move that brought it is recent (webhooks/events.ts WEBHOOK_RECENT).
  const rows = moves.map((m) => ({ id: m.id, delta: m.delta, at: (m.at ?? new Date()).toISOString() }));
  const moved = await w.tx.execute(sql`
    update gangs g set balance = g.balance + t.delta
    from (
      select id, sum(round(delta, 2)) as delta, max(at) as at
      from ${recordset(rows)} as m(id text, delta numeric, at timestamptz)
      group by id
    ) t, gangs before
    where g.id = t.id and before.id = g.id
    returning g.id, g.name, before.balance::text as was, g.balance::text as now,
      t.at > now() - ${WEBHOOK_RECENT} as recent`);
  for (const id of new Set(moves.map((m) => m.id))) w.changes.push({ type: 'treasury.changed', gang: id });
  // Each mark is told once per address, the first time the treasury passes it.
  await queueWebhooks(
    w,
    rowsOf<{ id: string; name: string; was: string; now: string; recent: boolean }>(moved).flatMap((gang) => {
      const mark = gang.recent ? treasuryMarkPassed(gang.was, gang.now) : null;
      return mark === null
        ? []
        : [
            {
              event: 'milestone' as const,
              data: { kind: 'treasury' as const, gang: { id: gang.id, name: gang.name }, mark },
              key: `treasury:${gang.id}:${mark}`,
            },
          ];
    }),
  );
}

/** The treasury's marks: a million, ten million, and each power of ten above. */
const FIRST_MARK = 1_000_000n;

/** The highest mark a treasury passed going from `was` to `now` (exact decimal text); null for none. */
export function treasuryMarkPassed(was: string, now: string): string | null {
  const before = toCents(was);
  const after = toCents(now);
  let passed: bigint | null = null;
  for (let mark = FIRST_MARK * 100n; mark <= after; mark *= 10n) {
    if (mark > before) passed = mark;
  }
  return passed === null ? null : fromCents(passed);
}

export async function disbandGangs(w: Write, ids: readonly string[]) {
  if (ids.length === 0) return;
  await w.tx.execute(
    sql`delete from gangs where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
  for (const id of ids) w.changes.push({ type: 'gang.changed', gang: id });
}

export interface Membership {
  player: string;
  gangId: string;
  role: string;
  at: Date;
}

/**
 * Puts players in gangs with a role (a player is in one gang at most), as of `at`; one per player.
 * A player who joins or gets a new role is notified, when it is news (NOTIFY_WITHIN_MS).
 */
export async function setMemberships(w: Write, memberships: readonly Membership[]) {
  if (memberships.length === 0) return;
  // The rows as they were before this statement, beside the rows it wrote: who joined, who changed role.
  const written = await w.tx.execute(sql`
    with r as (
      select * from ${recordset(memberships)} as r(player uuid, "gangId" text, role text, at timestamptz)
    ),
    before as (select m.player_uuid, m.gang_id, m.role from gang_members m join r on r.player = m.player_uuid),
    upserted as (
      insert into gang_members as m (player_uuid, gang_id, role, joined_at)
      select player, "gangId", role, at from r
      order by player
      on conflict (player_uuid) do update set
        gang_id = excluded.gang_id,
        role = excluded.role,
        -- A role change keeps the joining date; moving to another gang starts a new one.
        joined_at = case when m.gang_id = excluded.gang_id then m.joined_at else excluded.joined_at end
      returning player_uuid, gang_id, role
    )
    select u.player_uuid::text as player, u.gang_id as gang, g.name as gang_name, u.role,
      b.gang_id as before_gang, b.role as before_role, r.at
    from upserted u join r on r.player = u.player_uuid join gangs g on g.id = u.gang_id
      left join before b on b.player_uuid = u.player_uuid`);
  for (const { player } of memberships) w.changes.push({ type: 'membership.changed', player });
  const notices: NewNotification[] = [];
  for (const row of rowsOf<{
    player: string;
    gang: string;
    gang_name: string;
    role: string;
    before_gang: string | null;
    before_role: string | null;
    at: Date | string;
  }>(written)) {
    const change = row.before_gang !== row.gang ? 'joined' : row.before_role !== row.role ? 'role' : null;
    if (change === null || !isNews(row.at)) continue;
    notices.push({
      player: row.player,
      kind: 'gang.changed',
      data: { gang: { id: row.gang, name: row.gang_name }, change, role: row.role },
    });
  }
  await addNotifications(w, notices);
}

/** Takes players out of gangs, as of `at`; nothing happens to one who is not in that gang. */
export async function leaveGangs(w: Write, leaves: readonly { player: string; gangId: string; at: Date }[]) {
  if (leaves.length === 0) return;
  const left = await w.tx.execute(sql`
    delete from gang_members m
    using ${recordset(leaves)} as r(player uuid, "gangId" text, at timestamptz), gangs g
    where m.player_uuid = r.player and m.gang_id = r."gangId" and g.id = m.gang_id
    returning m.player_uuid::text as player, m.gang_id as gang, g.name as gang_name, r.at`);
  for (const { player } of leaves) w.changes.push({ type: 'membership.changed', player });
  await addNotifications(
    w,
    rowsOf<{ player: string; gang: string; gang_name: string; at: Date | string }>(left)
      .filter((row) => isNews(row.at))
      .map((row) => ({
        player: row.player,
        kind: 'gang.changed',
        data: { gang: { id: row.gang, name: row.gang_name }, change: 'left', role: null },
      })),
  );
}

export interface Friendship {
  a: string;
  b: string;
  at: Date;
}

/**
 * Friendship goes both ways: one row for each side. The player added (`b`) is notified of who added
 * them, when the friendship is new and news (NOTIFY_WITHIN_MS).
 */
export async function befriend(w: Write, pairs: readonly Friendship[]) {
  if (pairs.length === 0) return;
  const added = await w.tx.execute(sql`
    with r as (select * from ${recordset(pairs)} as r(a uuid, b uuid, at timestamptz)),
    inserted as (
      insert into friendships (player_uuid, friend_uuid, since)
      select side.player, side.friend, r.at
      from r cross join lateral (values (r.a, r.b), (r.b, r.a)) as side(player, friend)
      order by 1, 2
      on conflict do nothing
      returning player_uuid, friend_uuid
    )
    select distinct i.friend_uuid::text as player, i.player_uuid::text as friend,
      p.username as friend_name, r.at
    from inserted i join r on r.a = i.player_uuid and r.b = i.friend_uuid
      join players p on p.uuid = i.player_uuid`);
  for (const { a, b } of pairs) w.changes.push({ type: 'friendship.changed', players: [a, b] });
  await addNotifications(
    w,
    rowsOf<{ player: string; friend: string; friend_name: string; at: Date | string }>(added)
      .filter((row) => isNews(row.at))
      .map((row) => ({
        player: row.player,
        kind: 'friend.added',
        data: { friend: { uuid: row.friend, name: row.friend_name } },
      })),
  );
}

export async function unfriend(w: Write, pairs: readonly Omit<Friendship, 'at'>[]) {
  if (pairs.length === 0) return;
  await w.tx.execute(sql`
    delete from friendships f using ${recordset(pairs)} as r(a uuid, b uuid)
    where (f.player_uuid, f.friend_uuid) in ((r.a, r.b), (r.b, r.a))`);
  for (const { a, b } of pairs) w.changes.push({ type: 'friendship.changed', players: [a, b] });
}
