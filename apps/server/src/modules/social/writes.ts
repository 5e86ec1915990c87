// Gangs and friendships as the game server reports them (DESIGN.md section 7): the bridge calls
// these inside its batch's transaction, each with all of a batch's events of one kind that can be
// applied together (see bridge/plan.ts).
import { sql } from 'drizzle-orm';
import type { Write } from '../../live/changes.ts';

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
export async function changeTreasuries(w: Write, moves: readonly { id: string; delta: string }[]) {
  if (moves.length === 0) return;
  await w.tx.execute(sql`
    update gangs g set balance = g.balance + t.delta
    from (
      select id, sum(round(delta, 2)) as delta from ${recordset(moves)} as m(id text, delta numeric)
      group by id
    ) t
    where g.id = t.id`);
  for (const id of new Set(moves.map((m) => m.id))) w.changes.push({ type: 'treasury.changed', gang: id });
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

/** Puts players in gangs with a role (a player is in one gang at most), as of `at`; one per player. */
export async function setMemberships(w: Write, memberships: readonly Membership[]) {
  if (memberships.length === 0) return;
  await w.tx.execute(sql`
    insert into gang_members as m (player_uuid, gang_id, role, joined_at)
    select player, "gangId", role, at
    from ${recordset(memberships)} as r(player uuid, "gangId" text, role text, at timestamptz)
    order by player
    on conflict (player_uuid) do update set
      gang_id = excluded.gang_id,
      role = excluded.role,
      -- A role change keeps the joining date; moving to another gang starts a new one.
      joined_at = case when m.gang_id = excluded.gang_id then m.joined_at else excluded.joined_at end`);
  for (const { player } of memberships) w.changes.push({ type: 'membership.changed', player });
}

/** Takes players out of gangs; nothing happens to one who is not in that gang. */
export async function leaveGangs(w: Write, leaves: readonly { player: string; gangId: string }[]) {
  if (leaves.length === 0) return;
  await w.tx.execute(sql`
    delete from gang_members m using ${recordset(leaves)} as r(player uuid, "gangId" text)
    where m.player_uuid = r.player and m.gang_id = r."gangId"`);
  for (const { player } of leaves) w.changes.push({ type: 'membership.changed', player });
}

export interface Friendship {
  a: string;
  b: string;
  at: Date;
}

/** Friendship goes both ways: one row for each side. */
export async function befriend(w: Write, pairs: readonly Friendship[]) {
  if (pairs.length === 0) return;
  await w.tx.execute(sql`
    insert into friendships (player_uuid, friend_uuid, since)
    select side.player, side.friend, r.at
    from ${recordset(pairs)} as r(a uuid, b uuid, at timestamptz)
    cross join lateral (values (r.a, r.b), (r.b, r.a)) as side(player, friend)
    order by 1, 2
    on conflict do nothing`);
  for (const { a, b } of pairs) w.changes.push({ type: 'friendship.changed', players: [a, b] });
}

export async function unfriend(w: Write, pairs: readonly Omit<Friendship, 'at'>[]) {
  if (pairs.length === 0) return;
  await w.tx.execute(sql`
    delete from friendships f using ${recordset(pairs)} as r(a uuid, b uuid)
    where (f.player_uuid, f.friend_uuid) in ((r.a, r.b), (r.b, r.a))`);
  for (const { a, b } of pairs) w.changes.push({ type: 'friendship.changed', players: [a, b] });
}
