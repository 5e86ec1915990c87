// A player's money moves only here (DESIGN.md section 3): every change of a balance writes its
// ledger row in the same statement, for the same amount, rounded to cents once.
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import type { Write } from '../../live/changes.ts';

export interface BalanceChange {
  player: string;
  /** Exact decimal text; positive credits, negative debits. Rounded to cents. */
  delta: string;
  /** What moved it, e.g. 'auction.sale' or the game server's reason. */
  reason: string;
  /** What the ledger row points at: a purchase id, a bridge event. */
  reference: string;
}

/**
 * The rule as part of a statement, for writes that move several balances at once or among other
 * writes (the purchase, auction/service.ts): each row of `moves` (player uuid, delta numeric,
 * reason text, reference text) is rounded to cents once and written as a ledger row, in the order
 * of `moves`, and each player's balance moves by the sum of their rows. Defines the CTEs `move`,
 * `moved` (uuid, balance: each player moved, with the new balance) and `ledger_entry`; a player who
 * does not exist moves nothing and gets no ledger row. The caller reports `balance.changed` for
 * each player it moves.
 */
export function balanceMoves(moves: SQL): SQL {
  return sql`move as materialized (
      select row_number() over () as n, player, round(delta, 2) as delta, reason, reference
      from (${moves}) m
    ),
    moved as (
      update players p set balance = p.balance + total.delta
      from (select player, sum(delta) as delta from move group by player) total
      where p.uuid = total.player
      returning p.uuid, p.balance
    ),
    ledger_entry as (
      insert into ledger (player_uuid, delta, reason, reference)
      select move.player, move.delta, move.reason, move.reference
      from move join moved on moved.uuid = move.player
      order by move.n
    )`;
}

/**
 * Many moves at once, in one statement (a bridge batch's), a player any number of times: each move
 * rounded to cents once and written as its own ledger row, in the order given, and each balance
 * moved by the sum of its player's rows. Players that do not exist are left out.
 */
export async function changeBalances(w: Write, moves: readonly BalanceChange[]): Promise<void> {
  if (moves.length === 0) return;
  const rows = moves.map(({ player, delta, reason, reference }, i) => ({
    i,
    player,
    delta,
    reason,
    reference,
  }));
  const given = sql`select player, delta, reason, reference
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as m(i int, player uuid, delta numeric, reason text, reference text)
    order by i`;
  const moved = rowsOf<{ player: string }>(
    await w.tx.execute(sql`with ${balanceMoves(given)} select uuid::text as player from moved`),
  );
  for (const { player } of moved) w.changes.push({ type: 'balance.changed', player });
}
