// A player's money moves only here (DESIGN.md section 3): every change of a balance writes its
// ledger row in the same statement, for the same amount, rounded to cents once.
import { sql } from 'drizzle-orm';
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
  /** Refuse a debit the balance does not cover (the balance never goes below zero through it). */
  covered?: boolean;
}

/**
 * Moves a balance and records it in the ledger; answers the new balance as exact text, or null when
 * the player does not exist or (with `covered`) cannot pay, in which case nothing changed.
 */
export async function changeBalance(w: Write, change: BalanceChange): Promise<string | null> {
  const cover = change.covered ? sql`and p.balance + a.delta >= 0` : sql``;
  const [moved] = rowsOf<{ balance: string }>(
    await w.tx.execute(sql`
      with a as (select round(${change.delta}::numeric, 2) as delta),
      moved as (
        update players p set balance = p.balance + a.delta from a
        where p.uuid = ${change.player} ${cover}
        returning p.uuid, p.balance, a.delta
      ),
      entry as (
        insert into ledger (player_uuid, delta, reason, reference)
        select uuid, delta, ${change.reason}, ${change.reference} from moved
      )
      select balance::text as balance from moved`),
  );
  if (!moved) return null;
  w.changes.push({ type: 'balance.changed', player: change.player });
  return moved.balance;
}
