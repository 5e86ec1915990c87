// A property test: random sequences of listings, withdrawals, payouts and purchases (good and bad)
// against a model kept in exact cents. Every answer must be the one the model predicts, and after
// each sequence the database must agree with the model and keep DESIGN.md section 3's invariants.

import type { ErrorCode } from '@prison/shared/errors';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  brokenInvariants,
  cancelled,
  listing,
  payout,
  query,
  totalMoney,
} from '../../../test/auction-fixtures.ts';
import { createTestApp, newPlayer, postEvents, signIn, type TestApp } from '../../../test/helpers.ts';
import { LISTING_GONE, NO_SUCH_LISTING, notEnoughMoney, OWN_LISTING, onlyLeft } from './service.ts';

const PLAYERS = 4;
const cents = (amount: bigint) => `${amount / 100n}.${(amount % 100n).toString().padStart(2, '0')}`;

// Mostly small amounts (so that purchases often go through), sometimes up to 10^17.
const money = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt(1n, 100_000n) },
  { weight: 1, arbitrary: fc.bigInt(1n, 10n ** 19n) },
);
const startingMoney = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0n) },
  { weight: 4, arbitrary: fc.bigInt(1_000_000n, 1_000_000_000n) },
  { weight: 1, arbitrary: fc.bigInt(1n, 10n ** 19n) },
);
// Which listing an action names: one of those listed so far (by `pick`), or now and then none.
const target = {
  pick: fc.nat(1000),
  missing: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, fc.constant(true)),
};
const listAction = fc.record({
  kind: fc.constant('list' as const),
  seller: fc.nat(PLAYERS - 1),
  qty: fc.integer({ min: 1, max: 5 }),
  price: money,
});
const action = fc.oneof(
  { weight: 2, arbitrary: listAction },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), ...target }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('pay' as const), player: fc.nat(PLAYERS - 1), amount: money }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      buyer: fc.nat(PLAYERS - 1),
      ...target,
      qty: fc.oneof(
        { weight: 1, arbitrary: fc.constant(0) },
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 3 }) },
        { weight: 2, arbitrary: fc.integer({ min: 4, max: 6 }) },
      ),
    }),
  },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

interface ModelListing {
  id: string;
  seller: number;
  left: number;
  price: bigint;
  cancelled: boolean;
}

describe('purchases against a model (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function run(initial: bigint[], actions: Action[]) {
    const players = Array.from({ length: PLAYERS }, () => newPlayer());
    const uuids = players.map((p) => p.uuid);
    const balances = [...initial];
    let paidOut = 0n;
    const listings: ModelListing[] = [];
    const bridge = async (events: unknown[]) => {
      const res = await postEvents(t.app, events);
      expect(res.statusCode, res.body).toBe(200);
    };
    await bridge([
      ...players.map((p) => p.join),
      ...initial.flatMap((amount, i) => (amount > 0n ? [payout(uuids[i]!, cents(amount))] : [])),
    ]);
    const tokens = await Promise.all(uuids.map((uuid) => signIn(t.db, uuid)));

    for (const step of actions) {
      if (step.kind === 'list') {
        const made = listing({
          seller: uuids[step.seller]!,
          category: 'model',
          qty: step.qty,
          price: cents(step.price),
        });
        await bridge([made.event]);
        listings.push({
          id: made.id,
          seller: step.seller,
          left: step.qty,
          price: step.price,
          cancelled: false,
        });
      } else if (step.kind === 'cancel') {
        const chosen = named(listings, step);
        if (!chosen) continue;
        await bridge([cancelled(chosen.id)]);
        chosen.cancelled = true;
      } else if (step.kind === 'pay') {
        await bridge([payout(uuids[step.player]!, cents(step.amount))]);
        balances[step.player]! += step.amount;
        paidOut += step.amount;
      } else {
        const chosen = named(listings, step);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auction/purchase',
          headers: { authorization: `Bearer ${tokens[step.buyer]}` },
          payload: { id: chosen?.id ?? `missing-${step.pick}`, qty: step.qty },
        });
        const expected = predict(step, chosen, balances);
        const { detail, code } = res.json();
        expect({ status: res.statusCode, detail, code }, JSON.stringify(step)).toEqual(expected.answer);
        if (expected.total !== undefined) {
          chosen!.left -= step.qty;
          balances[step.buyer]! -= expected.total;
          balances[chosen!.seller]! += expected.total;
          expect(res.json()).toMatchObject({
            remaining: chosen!.left,
            total: cents(expected.total),
            balance: cents(balances[step.buyer]!),
          });
        }
      }
    }

    for (let i = 0; i < PLAYERS; i++) expect(await balanceOf(t.db, uuids[i]!)).toBe(cents(balances[i]!));
    const ids = listings.map((l) => l.id);
    if (ids.length > 0) {
      const rows = await query<{ id: string; left: number }>(
        t.db,
        sql`select id, qty_left as left from auction_listings where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.id, r.left]))).toEqual(
        Object.fromEntries(listings.map((l) => [l.id, l.left])),
      );
    }
    expect(await brokenInvariants(t.db, uuids, ids)).toEqual([]);
    expect(await totalMoney(t.db, uuids)).toBe(cents(initial.reduce((a, b) => a + b, 0n) + paidOut));
  }

  it('keeps stock, money, the ledger and deliveries consistent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(startingMoney, { minLength: PLAYERS, maxLength: PLAYERS }),
        // A few listings first, so that most purchases have something to buy.
        fc.array(listAction, { minLength: 1, maxLength: 4 }),
        fc.array(action, { minLength: 5, maxLength: 30 }),
        (initial, listed, actions) => run(initial, [...listed, ...actions]),
      ),
      { numRuns: 25 },
    );
  });
});

function named(listings: ModelListing[], step: { pick: number; missing: boolean }) {
  return step.missing || listings.length === 0 ? undefined : listings[step.pick % listings.length];
}

/** What the site must answer, from the model alone; `total` when the purchase goes through. */
function predict(
  step: Extract<Action, { kind: 'buy' }>,
  target: ModelListing | undefined,
  balances: bigint[],
): { answer: { status: number; detail?: string; code?: ErrorCode }; total?: bigint } {
  if (step.qty < 1) {
    return {
      answer: {
        status: 400,
        detail: 'Invalid body: qty: qty must be a whole number of at least 1',
        code: 'invalid_request',
      },
    };
  }
  if (!target) return { answer: { status: 404, detail: NO_SUCH_LISTING, code: 'unknown_listing' } };
  if (target.seller === step.buyer)
    return { answer: { status: 403, detail: OWN_LISTING, code: 'cannot_buy_own_listing' } };
  if (target.cancelled || target.left === 0)
    return { answer: { status: 409, detail: LISTING_GONE, code: 'listing_sold_out' } };
  if (step.qty > target.left)
    return { answer: { status: 409, detail: onlyLeft(target.left), code: 'not_enough_left' } };
  const total = target.price * BigInt(step.qty);
  const balance = balances[step.buyer]!;
  if (balance < total) {
    return {
      answer: { status: 409, detail: notEnoughMoney(cents(total), cents(balance)), code: 'not_enough_money' },
    };
  }
  return { answer: { status: 200 }, total };
}
