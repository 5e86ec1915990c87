// The newest batches the game servers sent, applied or refused, for the admin console's bridge
// inspector (inspector.ts). Recorded once the answer is known, in a small write of its own that never
// fails the batch: a batch applied stays applied, and a refused one keeps its answer.

import type { BridgeBatchResult } from '@prison/shared/bridge';
import { DEFAULT_CREDENTIAL_NAME } from '@prison/shared/bridge-credentials';
import { type BridgeRefusal, KEPT_REASON_LENGTH, KEPT_REFUSALS } from '@prison/shared/bridge-inspector';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import { BridgeBatchError } from './service.ts';

/** How many batches are kept: the inspector shows the newest few, the rest is history enough. */
export const KEPT_BATCHES = 500;

export interface BatchOutcome {
  server: string;
  applied: number;
  skipped: number;
  refused: number;
  errors: BridgeRefusal[];
}

const cut = (reason: string) =>
  reason.length > KEPT_REASON_LENGTH ? `${reason.slice(0, KEPT_REASON_LENGTH - 1)}…` : reason;

/**
 * Records one batch and drops the oldest beyond KEPT_BATCHES, in one statement. The rows it deletes
 * are those older than the newest KEPT_BATCHES - 1 already there, so with the new one 500 remain.
 */
export async function recordBatch(db: Db, outcome: BatchOutcome): Promise<void> {
  const errors = outcome.errors.slice(0, KEPT_REFUSALS).map((e) => ({ ...e, reason: cut(e.reason) }));
  await db.execute(sql`
    with added as (
      insert into bridge_batches (server, applied, skipped, refused, errors)
      values (${outcome.server}, ${outcome.applied}, ${outcome.skipped}, ${outcome.refused},
        ${JSON.stringify(errors)}::jsonb)
    )
    delete from bridge_batches
    where id <= (select id from bridge_batches order by id desc offset ${KEPT_BATCHES - 1} limit 1)`);
}

/** The outcome of a refusal the route answers 400 with, or null for any other failure. */
function refusalOf(err: unknown, server: string, events: number): BatchOutcome | null {
  if (err instanceof BridgeBatchError) {
    return { server, applied: 0, skipped: 0, refused: err.errors.length, errors: err.errors };
  }
  if (err instanceof DomainError && err.kind === 'invalid') {
    // Refused as a whole (a value the database refused, with no event to name): every event.
    return {
      server,
      applied: 0,
      skipped: 0,
      refused: events,
      errors: [{ index: null, code: err.code, reason: err.detail }],
    };
  }
  return null;
}

/**
 * Applies a batch with `apply` and records how it was answered: applied, or refused (400). A batch
 * that failed otherwise (the database unreachable) was not answered about, and is not recorded.
 */
export async function recordedBatch(
  db: Db,
  log: FastifyBaseLogger,
  { server, events }: { server: string | null; events: number },
  apply: () => Promise<BridgeBatchResult>,
): Promise<BridgeBatchResult> {
  const name = server ?? DEFAULT_CREDENTIAL_NAME;
  try {
    const result = await apply();
    await record(db, log, { server: name, ...result, refused: 0, errors: [] });
    return result;
  } catch (err) {
    const outcome = refusalOf(err, name, events);
    if (outcome) await record(db, log, outcome);
    throw err;
  }
}

async function record(db: Db, log: FastifyBaseLogger, outcome: BatchOutcome): Promise<void> {
  try {
    await recordBatch(db, outcome);
  } catch (err) {
    log.warn({ err, server: outcome.server }, 'the bridge batch could not be recorded for the inspector');
  }
}
