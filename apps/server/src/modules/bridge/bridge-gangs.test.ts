import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bridgeTestApp } from '../../../test/bridge-fixtures.ts';
import { databaseKinds, eventId, newPlayer } from '../../../test/helpers.ts';
import { gangMembers, gangs } from '../../db/schema.ts';

describe.each(databaseKinds())('bridge gang events on %s', (kind) => {
  const t = bridgeTestApp(kind);
  const { send } = t;

  it('gang events create, fund, staff, empty and disband a gang', async () => {
    const leader = newPlayer();
    const member = newPlayer();
    const gangId = `g-${eventId()}`;
    const other = `g-${eventId()}`;
    await send([
      leader.join,
      member.join,
      {
        id: eventId(),
        type: 'gang.upsert',
        gang_id: gangId,
        name: 'Obsidian',
        status: 'Open',
        color: 'dark_purple',
        min_level: 5,
      },
      { id: eventId(), type: 'gang.upsert', gang_id: other, name: 'Quartz', status: 'Closed' },
      { id: eventId(), type: 'gang.treasury', gang_id: gangId, delta: 2500.5 },
      { id: eventId(), type: 'gang.member', gang_id: gangId, uuid: leader.uuid, role: 'Leader' },
      { id: eventId(), type: 'gang.member', gang_id: other, uuid: member.uuid, role: 'Member' },
      // Joining another gang leaves the first.
      { id: eventId(), type: 'gang.member', gang_id: gangId, uuid: member.uuid, role: 'Officer' },
      { id: eventId(), type: 'gang.upsert', gang_id: gangId, name: 'Obsidian Order', status: 'InviteOnly' },
    ]);
    const [gang] = await t.db.select().from(gangs).where(eq(gangs.id, gangId));
    expect(gang).toMatchObject({
      name: 'Obsidian Order',
      status: 'InviteOnly',
      color: 'dark_purple',
      minLevel: 5,
      balance: '2500.50',
    });
    const members = await t.db.select().from(gangMembers).where(eq(gangMembers.gangId, gangId));
    expect(members.map((m) => m.role).sort()).toEqual(['Leader', 'Officer']);
    expect(await t.db.select().from(gangMembers).where(eq(gangMembers.gangId, other))).toEqual([]);

    await send([{ id: eventId(), type: 'gang.leave', gang_id: gangId, uuid: member.uuid }]);
    expect(await t.db.select().from(gangMembers).where(eq(gangMembers.gangId, gangId))).toHaveLength(1);
    await send([{ id: eventId(), type: 'gang.disband', gang_id: gangId }]);
    expect(await t.db.select().from(gangs).where(eq(gangs.id, gangId))).toEqual([]);
    expect(await t.db.select().from(gangMembers).where(eq(gangMembers.playerUuid, leader.uuid))).toEqual([]);
  });

  it('treats gang.leave and gang.disband of a gang that is already gone as no-ops', async () => {
    const p = newPlayer();
    const gangId = `g-${eventId()}`;
    await send([
      p.join,
      { id: eventId(), type: 'gang.upsert', gang_id: gangId, name: 'Gone', status: 'Open' },
      { id: eventId(), type: 'gang.member', gang_id: gangId, uuid: p.uuid, role: 'Leader' },
      { id: eventId(), type: 'gang.disband', gang_id: gangId },
    ]);
    expect(
      await send([
        { id: eventId(), type: 'gang.leave', gang_id: gangId, uuid: p.uuid },
        { id: eventId(), type: 'gang.disband', gang_id: gangId },
        { id: eventId(), type: 'gang.disband', gang_id: 'never-existed' },
      ]),
    ).toEqual({ applied: 3, skipped: 0 });
    expect(await t.db.select().from(gangs).where(eq(gangs.id, gangId))).toEqual([]);
  });
});
