import { describe, expect, it } from 'vitest';
import { bridgeTestApp } from '../../../test/bridge-fixtures.ts';
import { databaseKinds, eventId } from '../../../test/helpers.ts';
import { serverStatus } from '../../db/schema.ts';

describe.each(databaseKinds())('bridge server status events on %s', (kind) => {
  const t = bridgeTestApp(kind);
  const { send } = t;

  it('server.status records the online count', async () => {
    await send([{ id: eventId(), type: 'server.status', online: 87, max_online: 500 }]);
    const [status] = await t.db.select().from(serverStatus);
    expect(status).toMatchObject({ online: 87, maxOnline: 500 });
  });

  it('applies a server.status only if it is not older than the stored report (B8)', async () => {
    const status = async () => (await t.db.select().from(serverStatus))[0]!;
    const report = (online: number, at?: Date) => ({
      id: eventId(),
      type: 'server.status',
      online,
      max_online: 500,
      ...(at && { at: at.toISOString() }),
    });
    const ago = (ms: number) => new Date(Date.now() - ms);
    await send([report(10)]);
    expect(await status()).toMatchObject({ online: 10 });
    // Queued during an outage and delivered after a newer report: ignored.
    await send([report(5, ago(5 * 60_000))]);
    expect(await status()).toMatchObject({ online: 10 });
    // A game server clock a little behind: still applied.
    await send([report(7, ago(2000))]);
    expect(await status()).toMatchObject({ online: 7 });
    // The newest report of a batch wins, wherever it is.
    await send([report(20, ago(1000)), report(3, ago(120_000))]);
    expect(await status()).toMatchObject({ online: 20 });
    // A clock running ahead: taken as now, applied, and not stamped in the future.
    await send([report(21, new Date('2099-01-01T00:00:00.000Z'))]);
    let row = await status();
    expect(row.online).toBe(21);
    expect(row.reportedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // With nothing newer stored, an old report is applied, but stamped as old, so it reads as stale.
    await t.db.update(serverStatus).set({ reportedAt: ago(3_600_000) });
    await send([report(30, ago(5 * 60_000))]);
    row = await status();
    expect(row.online).toBe(30);
    expect(Date.now() - row.reportedAt.getTime()).toBeGreaterThan(4 * 60_000);
  });
});
