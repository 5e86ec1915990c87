// Accounts: the domain's operations on passwords and roles (the bridge applies the game's through
// them), and the `accounts` command line, the way in for a server owner without the plugin.
import { createHash } from 'node:crypto';
import { username } from '@prison/shared/bridge';
import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { accounts, players } from '../../db/schema.ts';
import { invalid, notFound } from '../../errors.ts';
import { type AuditRecord, recordAudit, type SystemActor } from '../audit/service.ts';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from './passwords.ts';
import { endPlayerSessions } from './sessions.ts';
import { STAFF_ROLES } from './staff-roles.ts';

/** The uuid an offline-mode server gives a name (Java's UUID.nameUUIDFromBytes, version 3). */
export function offlineUuid(username: string): string {
  const md5 = createHash('md5').update(`OfflinePlayer:${username}`).digest();
  md5[6] = (md5[6]! & 0x0f) | 0x30;
  md5[8] = (md5[8]! & 0x3f) | 0x80;
  const hex = md5.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw invalid('invalid_request', `A password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
}

export const normaliseRoles = (roles: readonly string[]) => [
  ...new Set(roles.map((r) => r.trim().toUpperCase()).filter(Boolean)),
];

async function findPlayer(db: Db | Tx, username: string) {
  const [player] = await db
    .select({ uuid: players.uuid, username: players.username })
    .from(players)
    .where(sql`lower(${players.username}) = lower(${username})`)
    .orderBy(desc(sql`coalesce(${players.lastSeenAt}, ${players.createdAt})`))
    .limit(1);
  return player ?? null;
}

async function requirePlayer(db: Db, username: string) {
  const player = await findPlayer(db, username);
  if (!player) throw notFound('unknown_player', `No player named ${username}`);
  return player;
}

/** The audit row of roles set (by the command line, demo mode or the game server), before they are stored. */
export const rolesSet = (
  username: string,
  uuid: string,
  roles: readonly string[],
  system: SystemActor = 'command line',
): AuditRecord => ({
  actor: null,
  system,
  action: 'account.roles',
  target: username,
  outcome: 'ok',
  detail: { uuid, roles: normaliseRoles(roles) },
});

/** Creates (or replaces) the account of a player, creating the player if the game has not yet. */
export async function createAccount(
  db: Db,
  input: { username: string; password: string; roles?: string[]; uuid?: string },
  by: SystemActor = 'command line',
): Promise<{ uuid: string; username: string; roles: string[] }> {
  if (!username.safeParse(input.username).success)
    throw invalid('invalid_request', `${input.username} is not a valid player name`);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const roles = normaliseRoles(input.roles ?? []);
  return db.transaction(async (tx) => {
    const existing = await findPlayer(tx, input.username);
    const uuid = existing?.uuid ?? input.uuid ?? offlineUuid(input.username);
    if (!existing) await tx.insert(players).values({ uuid, username: input.username });
    await recordAudit(tx, rolesSet(existing?.username ?? input.username, uuid, roles, by));
    // The domain's rules: replacing an account is a new password and new roles, which sign its
    // sessions out.
    await storeRoles(tx, uuid, roles);
    await storePasswordHash(tx, uuid, passwordHash);
    return { uuid, username: existing?.username ?? input.username, roles };
  });
}

/**
 * The domain's rule for a new password, wherever it comes from (the game through the bridge, this
 * command line): the hash is stored and every session the player had is signed out, its access
 * tokens refused from the next request and its live sockets closed.
 */
export async function storePasswordHash(tx: Tx, uuid: string, passwordHash: string): Promise<void> {
  const values = { passwordHash, updatedAt: new Date() };
  await tx
    .insert(accounts)
    .values({ playerUuid: uuid, ...values })
    .onConflictDoUpdate({ target: accounts.playerUuid, set: values });
  await endPlayerSessions(tx, uuid);
}

/**
 * A player's site roles, upper case, each once; answers what was stored. A change signs every
 * session of the player out, as a new password does: a demoted member of staff keeps no open page,
 * and the next sign-in gives the site a user with the new roles.
 */
export async function storeRoles(tx: Tx, uuid: string, roles: readonly string[]): Promise<string[]> {
  const values = { roles: normaliseRoles(roles), updatedAt: new Date() };
  const [before] = await tx
    .select({ roles: accounts.roles })
    .from(accounts)
    .where(eq(accounts.playerUuid, uuid))
    .for('update');
  await tx
    .insert(accounts)
    .values({ playerUuid: uuid, ...values })
    .onConflictDoUpdate({ target: accounts.playerUuid, set: values });
  const had = new Set(before?.roles ?? []);
  if (had.size !== values.roles.length || values.roles.some((role) => !had.has(role))) {
    await endPlayerSessions(tx, uuid);
  }
  return values.roles;
}

export async function setPassword(db: Db, username: string, password: string): Promise<void> {
  checkPassword(password);
  const player = await requirePlayer(db, username);
  const passwordHash = await hashPassword(password);
  await db.transaction((tx) => storePasswordHash(tx, player.uuid, passwordHash));
}

export async function setRoles(db: Db, username: string, roles: string[]): Promise<string[]> {
  const player = await requirePlayer(db, username);
  return db.transaction(async (tx) => {
    await recordAudit(tx, rolesSet(player.username, player.uuid, roles));
    return storeRoles(tx, player.uuid, roles);
  });
}

export async function listAccounts(db: Db) {
  return db
    .select({
      uuid: players.uuid,
      username: players.username,
      roles: accounts.roles,
      updatedAt: accounts.updatedAt,
    })
    .from(accounts)
    .innerJoin(players, eq(players.uuid, accounts.playerUuid))
    .where(isNotNull(accounts.passwordHash))
    .orderBy(sql`lower(${players.username})`);
}

// Verifying against this when the account has no password makes both answers take as long.
let decoyHash: Promise<string> | null = null;

/** Whether `password` is the account's current one (two-factor changes ask for it). */
export async function isCurrentPassword(db: Db, uuid: string, password: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.playerUuid, uuid));
  if (!row?.hash) {
    decoyHash ??= hashPassword('decoy password for accounts without one');
    await verifyPassword(await decoyHash, password);
    return false;
  }
  return verifyPassword(row.hash, password);
}

/** Every account holding a staff role, by name, with whether it has two-factor sign-in on. */
export async function listStaffAccounts(
  db: Db,
): Promise<{ uuid: string; username: string; roles: string[]; two_factor: boolean }[]> {
  const rows = await db.execute(sql`
    select p.uuid::text as uuid, p.username, a.roles, (t.enabled_at is not null) as two_factor
    from ${accounts} a
    join ${players} p on p.uuid = a.player_uuid
    left join two_factor t on t.player_uuid = a.player_uuid
    where a.roles && ${`{${STAFF_ROLES.join(',')}}`}::text[]
    order by lower(p.username), p.uuid`);
  return rowsOf<{ uuid: string; username: string; roles: string[]; two_factor: boolean }>(rows);
}

/**
 * Demo mode's staff account, made here rather than through the bridge (the game server may not grant
 * staff roles): created with its password and roles once, and left as it is on later starts so that
 * its sessions and two-factor sign-in survive a restart.
 */
export async function ensureDemoStaff(
  db: Db,
  account: { uuid: string; username: string; password: string; roles: readonly string[] },
): Promise<void> {
  const [existing] = await db
    .select({ hash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.playerUuid, account.uuid));
  if (existing?.hash) return;
  await createAccount(db, { ...account, roles: [...account.roles] }, 'demo mode');
}
