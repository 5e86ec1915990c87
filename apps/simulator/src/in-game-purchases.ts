// Purchases made in game: now and then an online player buys a unit of one of this run's listings at
// the game's auction house, which goes through the site's stock (POST /api/bridge/purchases) so that a
// listing is never sold twice. Each attempt has a fresh idempotency key, reused only to retry that
// attempt after a network failure (bridge-client.ts). The game's balances move when the purchase's
// delivery arrives with its money, as for a purchase on the site (deliveries.ts), never here.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BridgeClient } from './bridge-client.ts';
import type { LiveState } from './live-state.ts';
import type { SimulatorLog } from './log.ts';
import { dollars } from './money.ts';
import { createRng } from './random.ts';

export interface InGamePurchaseOptions {
  client: Pick<BridgeClient, 'buyInGame'>;
  state: LiveState;
  signal: AbortSignal;
  log: SimulatorLog;
  /** The average wait between two purchases. */
  everyMs: number;
  runId: string;
}

/** Runs until the signal aborts; a fatal bridge error ends it (logged). */
export async function runInGamePurchases(options: InGamePurchaseOptions): Promise<void> {
  const { client, state, signal, log, everyMs } = options;
  const rng = createRng(`purchases:${options.runId}`);
  while (!signal.aborted) {
    await sleep(Math.round(everyMs * rng.float(0.5, 1.5)), undefined, { signal }).catch(() => {});
    if (signal.aborted) return;
    const listings = [...state.listings.values()];
    if (listings.length === 0) continue;
    const listing = rng.pick(listings);
    const buyers = state
      .onlinePlayers()
      .filter(
        (p) => !p.isDemo && p.uuid !== listing.sellerUuid && dollars(p.balance) * 0.25 >= listing.price,
      );
    if (buyers.length === 0) continue;
    const buyer = rng.pick(buyers);
    try {
      const answer = await client.buyInGame(
        { listing_id: listing.id, buyer_uuid: buyer.uuid, qty: 1 },
        `game:${options.runId}:${randomUUID()}`,
      );
      if ('purchase' in answer) {
        if (answer.purchase.remaining === 0) state.listings.delete(listing.id);
        log.info(
          { listing: listing.id, player: buyer.username, total: answer.purchase.total },
          'bought in game through the site',
        );
      } else {
        // Sold out or withdrawn meanwhile (or bought on the site): the game stops offering it.
        if (answer.refused !== 'not_enough_money') state.listings.delete(listing.id);
        log.info(
          { listing: listing.id, player: buyer.username, refused: answer.refused },
          'in-game purchase refused',
        );
      }
    } catch (error) {
      if (signal.aborted) return;
      log.error({ error: (error as Error).message }, 'in-game purchases stopped');
      return;
    }
  }
}
