// What the game server may do to accounts through the bridge (account.password, account.roles), and
// the audit of each change and refusal. The bridge checks its account events here and applies them
// through the accounts domain's own operations (accounts.ts).
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { accounts, players } from '../../db/schema.ts';
import { GAME_SERVER, recordAudit } from '../audit/service.ts';
import { normaliseRoles, rolesSet, storePasswordHash, storeRoles } from './accounts.ts';
import { isStaffRole } from './staff-roles.ts';

/**
 * BRIDGE_STAFF_ROLES: the staff roles the game server may grant and remove. None by default: the
 * plugin's token sits in a file on the game server, often a shared host, and with staff roles it
 * would be a key to the admin console and RCON. Ranks and every other role stay the game's.
 */
export interface GameAccountPolicy {
  staffRoles: readonly string[];
}

export const NO_STAFF_FROM_GAME: GameAccountPolicy = { staffRoles: [] };

/** An account as the game server's events find it: its name and the roles it holds. */
export interface HeldAccount {
  username: string;
  roles: string[];
}

/**
 * Why the game server may not make this change, or null. It may act on an account only while every
 * staff role the account holds, before and after, is one BRIDGE_STAFF_ROLES names: so by default it
 * sets passwords and roles of players without staff roles, and grants or removes no staff role.
 */
export function gameAccountRefusal(
  held: HeldAccount,
  change: { type: 'account.password' } | { type: 'account.roles'; roles: readonly string[] },
  policy: GameAccountPolicy,
): string | null {
  const allowed = new Set(policy.staffRoles.map((role) => role.toUpperCase()));
  const beyond = (roles: readonly string[]) =>
    normaliseRoles(roles).filter((role) => isStaffRole(role) && !allowed.has(role));
  const heldBeyond = beyond(held.roles);
  const setting = 'BRIDGE_STAFF_ROLES names the staff roles the game server may manage';
  if (heldBeyond.length > 0) {
    const what = change.type === 'account.password' ? 'set the password of' : 'change the roles of';
    return `the game server may not ${what} ${held.username}, who holds the staff role ${heldBeyond.join(', ')} (${setting})`;
  }
  const granted = change.type === 'account.roles' ? beyond(change.roles) : [];
  if (granted.length > 0) {
    return `the game server may not grant the staff role ${granted.join(', ')} (${setting})`;
  }
  return null;
}

/**
 * The accounts the game server's events name, locked until the transaction ends so that the check
 * above and the change see the same roles (a player without an account holds none).
 */
export async function lockHeldAccounts(tx: Tx, uuids: readonly string[]): Promise<Map<string, HeldAccount>> {
  const held = new Map<string, HeldAccount>();
  if (uuids.length === 0) return held;
  const wanted = sql`(select jsonb_array_elements_text(${JSON.stringify([...uuids].sort())}::jsonb)::uuid)`;
  const locked = await tx.execute(sql`
    select player_uuid::text as uuid, roles from ${accounts}
    where player_uuid in ${wanted}
    order by player_uuid
    for update`);
  const roles = new Map(
    rowsOf<{ uuid: string; roles: string[] }>(locked).map((row) => [row.uuid, row.roles]),
  );
  const named = await tx.execute(
    sql`select uuid::text as uuid, username from ${players} where uuid in ${wanted}`,
  );
  for (const row of rowsOf<{ uuid: string; username: string }>(named)) {
    held.set(row.uuid, { username: row.username, roles: roles.get(row.uuid) ?? [] });
  }
  return held;
}

/** A password set from in game (its /password command): audited with the game server as actor. */
export async function storePasswordFromGame(tx: Tx, uuid: string, username: string, passwordHash: string) {
  await recordAudit(tx, {
    actor: null,
    system: GAME_SERVER,
    action: 'account.password',
    target: username,
    outcome: 'ok',
    detail: { uuid },
  });
  await storePasswordHash(tx, uuid, passwordHash);
}

/** Roles from the game's permission groups: a change is audited with the game server as actor. */
export async function storeRolesFromGame(tx: Tx, uuid: string, held: HeldAccount, roles: readonly string[]) {
  const next = normaliseRoles(roles);
  const before = new Set(held.roles);
  if (next.length !== before.size || next.some((role) => !before.has(role))) {
    await recordAudit(tx, rolesSet(held.username, uuid, next, GAME_SERVER));
  }
  await storeRoles(tx, uuid, next);
  held.roles = next;
}

/** The audit rows of account events the game server was refused (written after its batch rolled back). */
export async function recordRefusedFromGame(
  db: Db,
  refusals: readonly {
    uuid: string;
    username: string;
    action: 'account.password' | 'account.roles';
    reason: string;
    roles?: readonly string[];
  }[],
): Promise<void> {
  if (refusals.length === 0) return;
  await db.transaction(async (tx) => {
    for (const r of refusals) {
      await recordAudit(tx, {
        actor: null,
        system: GAME_SERVER,
        action: r.action,
        target: r.username,
        outcome: 'refused',
        detail: { uuid: r.uuid, reason: r.reason, ...(r.roles && { roles: normaliseRoles(r.roles) }) },
      });
    }
  });
}
