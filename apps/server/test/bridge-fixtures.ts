// Test support for the bridge: one app per describe block, and the shorthands its tests share.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { ledger, players } from '../src/db/schema.ts';
import { BRIDGE_TOKEN, createTestApp, type DatabaseKind, postEvents, type TestApp } from './helpers.ts';

export interface BridgeTestApp extends TestApp {
  /** Posts events that must be accepted; answers how many were applied and skipped. */
  send(events: unknown[]): Promise<{ applied: number; skipped: number }>;
  /** A player's row, undefined until the player is known. */
  player(uuid: string): Promise<typeof players.$inferSelect | undefined>;
  /** The sum of a player's ledger rows, as exact text. */
  ledgerSum(uuid: string): Promise<string>;
}

/**
 * The real app on a fresh database of the given kind, opened before the enclosing describe block's
 * tests and closed after them. The object is filled in by its beforeAll, so read it inside tests.
 */
export function bridgeTestApp(kind: DatabaseKind): BridgeTestApp {
  const t = {
    async send(events: unknown[]) {
      const res = await postEvents(t.app, events);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { applied: number; skipped: number };
    },
    player: async (uuid: string) => (await t.db.select().from(players).where(eq(players.uuid, uuid)))[0],
    ledgerSum: async (uuid: string) =>
      (
        (await t.db
          .select({ total: sql<string>`coalesce(sum(${ledger.delta}), 0)::text` })
          .from(ledger)
          .where(eq(ledger.playerUuid, uuid))) as [{ total: string }]
      )[0].total,
  } as BridgeTestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(kind));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/** Posts a body exactly as written (postEvents goes through JSON.stringify). */
export function postRaw(app: TestApp['app'], body: string) {
  return app.inject({
    method: 'POST',
    url: '/api/bridge/events',
    headers: { authorization: `Bearer ${BRIDGE_TOKEN}`, 'content-type': 'application/json' },
    payload: body,
  });
}
