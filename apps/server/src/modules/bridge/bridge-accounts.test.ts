import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bridgeTestApp } from '../../../test/bridge-fixtures.ts';
import { databaseKinds, eventId, newPlayer } from '../../../test/helpers.ts';
import { accounts } from '../../db/schema.ts';
import { verifyPassword } from '../auth/passwords.ts';

describe.each(databaseKinds())('bridge account events on %s', (kind) => {
  const t = bridgeTestApp(kind);
  const { send } = t;

  it('account.password stores an argon2id hash; account.roles sets upper-cased roles', async () => {
    const p = newPlayer();
    await send([
      p.join,
      { id: eventId(), type: 'account.password', uuid: p.uuid, password: 'correct horse battery' },
      { id: eventId(), type: 'account.roles', uuid: p.uuid, roles: ['owner', 'WEB_ADMIN', 'Owner'] },
    ]);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.playerUuid, p.uuid));
    expect(account!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(account!.passwordHash!, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(account!.passwordHash!, 'wrong')).toBe(false);
    expect(account!.roles).toEqual(['OWNER', 'WEB_ADMIN']);
  });
});
