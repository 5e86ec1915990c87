import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LiveState } from './live-state.ts';
import { moneyText } from './money.ts';
import { generateWorld } from './world.ts';

describe('the live state', () => {
  it('keeps balances in exact cents, whales included', () => {
    const world = generateWorld({ players: 40 });
    const state = new LiveState(world);
    for (const p of world.players) expect(Number(moneyText(state.player(p.uuid).balance))).toBe(p.balance);
  });

  it("applies a site purchase's money once per ledger id, to players it knows", () => {
    const world = generateWorld({ players: 40 });
    const state = new LiveState(world, 3);
    const [buyer, seller] = state.players.slice(1, 3) as [
      (typeof state.players)[0],
      (typeof state.players)[0],
    ];
    const before = [buyer.balance, seller.balance];
    const money = [
      { player_uuid: buyer.uuid.toUpperCase(), delta: '-1234.56', ledger_id: 10 },
      { player_uuid: seller.uuid, delta: '1234.56', ledger_id: 11 },
    ];
    expect(state.applySiteMoney(money)).toHaveLength(2);
    // Seen again (socket and list, a reconnection): nothing moves.
    expect(state.applySiteMoney(money)).toEqual([]);
    expect(buyer.balance).toBe(before[0]! - 123456n);
    expect(seller.balance).toBe(before[1]! + 123456n);
    // A player this server does not know moves nothing; the ids it remembers are bounded.
    expect(state.applySiteMoney([{ player_uuid: randomUUID(), delta: '5.00', ledger_id: 12 }])).toEqual([]);
    expect(state.applySiteMoney([{ player_uuid: seller.uuid, delta: '0.01', ledger_id: 13 }])).toHaveLength(
      1,
    );
    expect(state.applySiteMoney([money[0]!])).toHaveLength(1);
  });
});
