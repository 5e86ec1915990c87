// The game servers' credentials (packages/shared/src/bridge-credentials.ts): made, listed and revoked
// by an owner (the command line, the admin console), checked on every bridge request. The token is
// 256 random bits, shown once and kept as its SHA-256 hash: a slow hash guards guessable passwords,
// and there is nothing to guess here. BRIDGE_TOKEN is the built-in credential "default", never stored.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type BridgeCredential,
  type CreatedBridgeCredential,
  DEFAULT_CREDENTIAL_NAME,
} from '@prison/shared/bridge-credentials';
import { asc, eq, sql } from 'drizzle-orm';
import { BRIDGE_CHANNEL, type Db, runNamed } from '../../db/client.ts';
import { bridgeCredentials } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { COMMAND_LINE, recordAudit } from '../audit/service.ts';
import { revokedPayload } from './deliveries-service.ts';

/** Who a bridge request comes from: a credential, or BRIDGE_TOKEN (id null, named "default"). */
export interface BridgeIdentity {
  id: string | null;
  name: string;
}

/** Who makes or revokes a credential: an owner (their uuid), or the command line (null). */
export interface CredentialActor {
  uuid: string | null;
  /** More for the audit row, e.g. the operating-system user who ran the command line. */
  detail?: Record<string, unknown>;
}

const digest = (token: string) => createHash('sha256').update(token).digest();

function shown(row: typeof bridgeCredentials.$inferSelect): BridgeCredential {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Every credential, revoked ones too, oldest first; never a token nor a hash. */
export async function listCredentials(db: Db): Promise<BridgeCredential[]> {
  const rows = await db.select().from(bridgeCredentials).orderBy(asc(bridgeCredentials.createdAt));
  return rows.map(shown);
}

/** Makes a credential and answers its token, this once. Audited, in the same transaction. */
export async function createCredential(
  db: Db,
  name: string,
  actor: CredentialActor,
  token = randomBytes(32).toString('base64url'),
): Promise<CreatedBridgeCredential> {
  const id = randomUUID();
  return db.transaction(async (tx) => {
    await recordAudit(tx, {
      actor: actor.uuid,
      action: 'bridge.credential_create',
      target: name,
      outcome: 'ok',
      detail: { id, ...actor.detail },
    });
    const createdBy = actor.uuid
      ? sql`coalesce((select username from players where uuid = ${actor.uuid}), ${actor.uuid})`
      : COMMAND_LINE;
    const [row] = await tx
      .insert(bridgeCredentials)
      .values({ id, name, tokenHash: digest(token).toString('hex'), createdBy })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw conflict(
        'credential_name_taken',
        `A credential named ${name} is in use: revoke it first, or choose another name`,
      );
    }
    return { credential: shown(row), token };
  });
}

/**
 * Revokes a credential, by id or by name (the one not revoked): it is refused from the next request
 * on. Revoking one already revoked changes nothing and writes no audit row. Answers it.
 */
export async function revokeCredential(
  db: Db,
  which: { id: string } | { name: string },
  actor: CredentialActor,
): Promise<BridgeCredential> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(bridgeCredentials)
      .where(
        'id' in which
          ? eq(bridgeCredentials.id, which.id)
          : sql`${bridgeCredentials.name} = ${which.name} and ${bridgeCredentials.revokedAt} is null`,
      )
      .for('update');
    if (!found) {
      throw 'id' in which
        ? notFound('unknown_credential', 'No such credential')
        : notFound('unknown_credential', `No credential named ${which.name} is in use`);
    }
    if (found.revokedAt) return shown(found);
    await recordAudit(tx, {
      actor: actor.uuid,
      action: 'bridge.credential_revoke',
      target: found.name,
      outcome: 'ok',
      detail: { id: found.id, ...actor.detail },
    });
    const [row] = await tx
      .update(bridgeCredentials)
      .set({ revokedAt: sql`now()` })
      .where(eq(bridgeCredentials.id, found.id))
      .returning();
    // Its delivery sockets, in every process, close when this commits.
    await tx.execute(sql`select pg_notify(${BRIDGE_CHANNEL}::text, ${revokedPayload(found.id)}::text)`);
    return shown(row!);
  });
}

/** The credential demo mode's simulated game server connects with. */
export const SIMULATOR_CREDENTIAL_NAME = 'simulator';

/**
 * Demo mode: a credential of its own for the simulated game server, as an owner would give a real
 * server one. Its token is derived from the site's BRIDGE_TOKEN, so a restart finds it in use and
 * makes nothing; one of that name with another token (BRIDGE_TOKEN changed) is revoked and made
 * anew. Answers the token.
 */
export async function simulatorCredential(db: Db, bridgeToken: string): Promise<string> {
  const token = createHmac('sha256', bridgeToken).update('the simulated game server').digest('base64url');
  const [inUse] = await db
    .select({ tokenHash: bridgeCredentials.tokenHash })
    .from(bridgeCredentials)
    .where(
      sql`${bridgeCredentials.name} = ${SIMULATOR_CREDENTIAL_NAME} and ${bridgeCredentials.revokedAt} is null`,
    );
  if (inUse?.tokenHash === digest(token).toString('hex')) return token;
  const actor: CredentialActor = { uuid: null, detail: { by: 'demo mode' } };
  if (inUse) await revokeCredential(db, { name: SIMULATOR_CREDENTIAL_NAME }, actor);
  await createCredential(db, SIMULATOR_CREDENTIAL_NAME, actor, token);
  return token;
}

/** Recorded at most this often per credential: a bridge request is not a write. */
export const LAST_USED_PRECISION = '1 minute';

/**
 * Checks a bridge request's bearer token: BRIDGE_TOKEN, or a credential not revoked. One indexed
 * read per request and no cache, so a revocation holds from the next request on every process.
 */
export class BridgeCredentials {
  private readonly builtIn: Buffer;

  constructor(
    private readonly db: Db,
    bridgeToken: string,
  ) {
    this.builtIn = digest(bridgeToken);
  }

  /** Who presents this token, or null when no credential has it. */
  async identify(presented: string): Promise<BridgeIdentity | null> {
    const hash = digest(presented);
    if (timingSafeEqual(hash, this.builtIn)) return { id: null, name: DEFAULT_CREDENTIAL_NAME };
    // The same statement records the use when the last one recorded is a minute old or more.
    const rows = await runNamed<{ id: string; name: string; token_hash: string }>(
      this.db,
      'bridge_credential',
      sql`
      with found as (
        select id, name, token_hash,
          last_used_at is null or last_used_at < now() - ${LAST_USED_PRECISION}::interval as stale
        from bridge_credentials
        where token_hash = ${hash.toString('hex')} and revoked_at is null
      ), touched as (
        update bridge_credentials set last_used_at = now()
        where id in (select id from found where stale)
      )
      select id, name, token_hash from found`,
    );
    const row = rows[0];
    // Found by its hash; compared once more in constant time, as BRIDGE_TOKEN is.
    if (!row || !timingSafeEqual(Buffer.from(row.token_hash, 'hex'), hash)) return null;
    return { id: row.id, name: row.name };
  }
}
