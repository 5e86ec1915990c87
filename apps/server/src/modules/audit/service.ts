// The audit log (issue 15): every staff action, written before it takes effect, in the transaction
// that makes it (so an action and its row commit together), or on its own for what happens outside
// the database (an RCON command) and for refusals. Append-only: migration 0003's trigger refuses
// any UPDATE or DELETE, so nothing here, or anywhere in the app, changes a row once written.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/** Every action the log records: a misspelt one does not compile. */
export type AuditAction =
  | 'doc.create'
  | 'doc.edit'
  | 'doc.delete'
  | 'doc.restore'
  | 'rcon.command'
  | '2fa.enable'
  | '2fa.disable'
  | 'auth.staff_login'
  | 'auth.second_factor_failed'
  | '2fa.reset'
  | 'account.roles'
  | 'account.password'
  | 'bridge.credential_create'
  | 'bridge.credential_revoke'
  | 'punishment.issue'
  | 'punishment.pardon'
  | 'appeal.create'
  | 'appeal.accept'
  | 'appeal.deny'
  | 'webhook.create'
  | 'webhook.update'
  | 'webhook.delete'
  | 'webhook.test'
  | 'webhook.retry'
  | 'discord.link'
  | 'discord.unlink';

export type AuditOutcome = 'ok' | 'refused' | 'failed';

/** The command line, which acts without a player. */
export const COMMAND_LINE = 'command line';
/** The game server's plugin, acting through the bridge with BRIDGE_TOKEN. */
export const GAME_SERVER = 'game server';
/** Demo mode setting up its own accounts. */
export const DEMO_MODE = 'demo mode';
/** Who acts when no player does (recorded with a null uuid, by this name). */
export type SystemActor = typeof COMMAND_LINE | typeof GAME_SERVER | typeof DEMO_MODE;

export interface AuditRecord {
  /** A player's uuid, or null when no player acted: then `system` says who did (the command line by default). */
  actor: string | null;
  system?: SystemActor;
  action: AuditAction;
  /** What it was done to; none when it is the actor's own account (a sign-in, their two-factor). */
  target?: string | null;
  outcome: AuditOutcome;
  detail?: Record<string, unknown>;
}

/** Appends one row; the actor's name is read as it is now, so the row keeps it if they are renamed. */
export async function recordAudit(db: Db | Tx, entry: AuditRecord): Promise<void> {
  const name = entry.actor
    ? sql`coalesce((select username from players where uuid = ${entry.actor}), ${entry.actor})`
    : sql`${entry.system ?? COMMAND_LINE}`;
  await db.execute(sql`
    insert into audit_log (actor_uuid, actor_name, action, target, outcome, detail)
    values (${entry.actor}, ${name}, ${entry.action}, ${entry.target ?? null}, ${entry.outcome},
      ${entry.detail === undefined ? null : JSON.stringify(entry.detail)}::jsonb)`);
}
