// Accounts: the domain's operations on passwords and roles (the bridge applies the game's through
// them), and the `accounts` command line, the way in for a server owner without the plugin.
import { createHash } from 'node:crypto';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accounts, players, refreshTokens } from '../../db/schema.ts';
import { invalid, notFound } from '../../errors.ts';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from './passwords.ts';

const NAME = /^[.*]?[A-Za-z0-9_]{1,16}$/;

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
    throw invalid(`A password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
}

const normaliseRoles = (roles: readonly string[]) => [
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
  if (!player) throw notFound(`No player named ${username}`);
  return player;
}

/** Creates (or replaces) the account of a player, creating the player if the game has not yet. */
export async function createAccount(
  db: Db,
  input: { username: string; password: string; roles?: string[]; uuid?: string },
): Promise<{ uuid: string; username: string; roles: string[] }> {
  if (!NAME.test(input.username)) throw invalid(`${input.username} is not a valid player name`);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const roles = normaliseRoles(input.roles ?? []);
  return db.transaction(async (tx) => {
    const existing = await findPlayer(tx, input.username);
    const uuid = existing?.uuid ?? input.uuid ?? offlineUuid(input.username);
    if (!existing) await tx.insert(players).values({ uuid, username: input.username });
    const values = { passwordHash, roles, updatedAt: new Date() };
    await tx
      .insert(accounts)
      .values({ playerUuid: uuid, ...values })
      .onConflictDoUpdate({ target: accounts.playerUuid, set: values });
    return { uuid, username: existing?.username ?? input.username, roles };
  });
}

/**
 * The domain's rule for a new password, wherever it comes from (the game through the bridge, this
 * command line): the hash is stored and every session the player had is signed out.
 */
export async function storePasswordHash(tx: Tx, uuid: string, passwordHash: string): Promise<void> {
  const values = { passwordHash, updatedAt: new Date() };
  await tx
    .insert(accounts)
    .values({ playerUuid: uuid, ...values })
    .onConflictDoUpdate({ target: accounts.playerUuid, set: values });
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.playerUuid, uuid), sql`${refreshTokens.revokedAt} is null`));
}

/** A player's site roles, upper case, each once; answers what was stored. */
export async function storeRoles(tx: Tx | Db, uuid: string, roles: readonly string[]): Promise<string[]> {
  const values = { roles: normaliseRoles(roles), updatedAt: new Date() };
  await tx
    .insert(accounts)
    .values({ playerUuid: uuid, ...values })
    .onConflictDoUpdate({ target: accounts.playerUuid, set: values });
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
  return storeRoles(db, player.uuid, roles);
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
