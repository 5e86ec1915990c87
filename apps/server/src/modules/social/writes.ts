// Gangs and friendships as the game server reports them (DESIGN.md section 7): the bridge calls
// these inside its batch's transaction.
import { and, eq, or, sql } from 'drizzle-orm';
import { friendships, gangMembers, gangs } from '../../db/schema.ts';
import type { Write } from '../../live/changes.ts';

export interface GangWrite {
  name: string;
  status: string;
  /** Null clears it; left out, it stays. */
  color?: string | null;
  minLevel?: number;
}

/** Creates a gang or changes its name, status, colour or minimum level. */
export async function upsertGang(w: Write, id: string, gang: GangWrite) {
  const fields = {
    name: gang.name,
    status: gang.status,
    ...(gang.color !== undefined && { color: gang.color }),
    ...(gang.minLevel !== undefined && { minLevel: gang.minLevel }),
  };
  await w.tx
    .insert(gangs)
    .values({ id, ...fields })
    .onConflictDoUpdate({ target: gangs.id, set: fields });
  w.changes.push({ type: 'gang.changed', gang: id });
}

/** Moves a gang's treasury by `delta` (exact decimal text), rounded to cents. */
export async function changeTreasury(w: Write, id: string, delta: string) {
  await w.tx
    .update(gangs)
    .set({ balance: sql`${gangs.balance} + round(${delta}::numeric, 2)` })
    .where(eq(gangs.id, id));
  w.changes.push({ type: 'treasury.changed', gang: id });
}

export async function disbandGang(w: Write, id: string) {
  await w.tx.delete(gangs).where(eq(gangs.id, id));
  w.changes.push({ type: 'gang.changed', gang: id });
}

/** Puts a player in a gang with a role (a player is in one gang at most), as of `at`. */
export async function setMembership(w: Write, player: string, gangId: string, role: string, at: Date) {
  await w.tx
    .insert(gangMembers)
    .values({ playerUuid: player, gangId, role, joinedAt: at })
    .onConflictDoUpdate({
      target: gangMembers.playerUuid,
      set: {
        gangId,
        role,
        // A role change keeps the joining date; moving to another gang starts a new one.
        joinedAt: sql`case when ${gangMembers.gangId} = excluded.gang_id then ${gangMembers.joinedAt} else excluded.joined_at end`,
      },
    });
  w.changes.push({ type: 'membership.changed', player });
}

/** Takes a player out of a gang; nothing happens if they are not in it. */
export async function leaveGang(w: Write, player: string, gangId: string) {
  await w.tx
    .delete(gangMembers)
    .where(and(eq(gangMembers.playerUuid, player), eq(gangMembers.gangId, gangId)));
  w.changes.push({ type: 'membership.changed', player });
}

/** Friendship goes both ways: one row for each side. */
export async function befriend(w: Write, a: string, b: string, at: Date) {
  await w.tx
    .insert(friendships)
    .values([
      { playerUuid: a, friendUuid: b, since: at },
      { playerUuid: b, friendUuid: a, since: at },
    ])
    .onConflictDoNothing();
  w.changes.push({ type: 'friendship.changed', players: [a, b] });
}

export async function unfriend(w: Write, a: string, b: string) {
  await w.tx
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.playerUuid, a), eq(friendships.friendUuid, b)),
        and(eq(friendships.playerUuid, b), eq(friendships.friendUuid, a)),
      ),
    );
  w.changes.push({ type: 'friendship.changed', players: [a, b] });
}
