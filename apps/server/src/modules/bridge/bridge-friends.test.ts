import { describe, expect, it } from 'vitest';
import { bridgeTestApp } from '../../../test/bridge-fixtures.ts';
import { databaseKinds, eventId, newPlayer } from '../../../test/helpers.ts';
import { friendships } from '../../db/schema.ts';

describe.each(databaseKinds())('bridge friend events on %s', (kind) => {
  const t = bridgeTestApp(kind);
  const { send } = t;

  it('friend.add links two players both ways and friend.remove unlinks them', async () => {
    const a = newPlayer();
    const b = newPlayer();
    await send([a.join, b.join, { id: eventId(), type: 'friend.add', uuid: a.uuid, friend_uuid: b.uuid }]);
    const links = async () =>
      (await t.db.select().from(friendships)).filter((f) => [a.uuid, b.uuid].includes(f.playerUuid));
    expect(await links()).toHaveLength(2);
    await send([{ id: eventId(), type: 'friend.remove', uuid: b.uuid, friend_uuid: a.uuid }]);
    expect(await links()).toHaveLength(0);
  });
});
