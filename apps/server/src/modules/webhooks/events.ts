// What the webhooks are told, and how it enters their outbox: each event is queued in the
// transaction of the write that caused it (a purchase, a punishment, a doc saved...), one message per
// address that takes its kind, so that none is sent for a write that rolled back, nor lost for one
// that committed. The sender (sender.ts) words it into Discord's format when it goes.
import type { WebhookEvent } from '@prison/shared/webhooks';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Write } from '../../live/changes.ts';

type Person = { uuid: string; name: string };

/** Each kind's facts, as stored in webhook_messages.data. */
export interface WebhookData {
  purchase: {
    listing_id: string;
    /** As listed: may carry colour codes. */
    item_name: string;
    qty: number;
    /** Exact decimal text. */
    total: string;
    buyer: Person;
    seller: Person;
  };
  listing: { listing_id: string; item_name: string; qty: number; price: string; seller: Person };
  punishment: {
    change: 'issued' | 'lifted';
    punishment_id: number;
    type: string;
    player: Person;
    /** Who gave or lifted it; null for the console. */
    staff: string | null;
    reason: string | null;
    /** When it ends (ISO); null when for good, or lifted. */
    until: string | null;
  };
  appeal: {
    change: 'new' | 'accepted' | 'denied';
    appeal_id: number;
    punishment_id: number;
    punishment_type: string;
    player: Person;
    /** Who decided it; null for a new appeal. */
    by: string | null;
  };
  doc: { change: 'created' | 'edited'; slug: string; title: string; by: string };
  server: {
    change: 'down' | 'up';
    /** Down: the last report's time; up: when it went quiet. */
    since: string;
    /** Up: players online in the report that came back. */
    online: number | null;
  };
  milestone:
    | { kind: 'prestige'; player: Person; prestige: number }
    | { kind: 'treasury'; gang: { id: string; name: string }; mark: string };
}

/** An event with its facts, the two kept together. */
export type WebhookFacts = { [E in WebhookEvent]: { event: E; data: WebhookData[E] } }[WebhookEvent];

/**
 * Queues events for every address that takes their kind, in the order given (message ids keep it:
 * an address's messages go in that order). `key`, when given, names the event: the
 * same key is queued once per address whoever queues it again (two processes seeing the game server
 * go quiet, a prestige reported twice).
 */
export async function queueWebhooks(
  on: Write | Tx,
  list: readonly (WebhookFacts & { key?: string })[],
): Promise<void> {
  if (list.length === 0) return;
  const tx = 'tx' in on ? on.tx : on;
  const rows = list.map((e) => ({ event: e.event, data: e.data, key: e.key ?? null }));
  await tx.execute(sql`
    insert into webhook_messages (webhook_id, event, data, event_key)
    select w.id, r.event, r.data, r.key
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as given(row, n)
      cross join lateral jsonb_to_record(given.row) as r(event text, data jsonb, key text)
      join webhooks w on r.event = any(w.events)
    order by given.n, w.id
    on conflict (webhook_id, event_key) where event_key is not null do nothing`);
}

/**
 * Webhook messages as part of a write that is one statement (the purchase): a CTE named `name` that
 * queues, for each row of `rows` (a `data` jsonb column), a message of `event` to every address
 * that takes it.
 */
export function webhooksCte(name: string, event: WebhookEvent, rows: SQL): SQL {
  return sql`${sql.raw(name)} as (
      insert into webhook_messages (webhook_id, event, data)
      select w.id, ${event}::text, r.data
      from (${rows}) r join webhooks w on ${event}::text = any(w.events)
      returning id
    )`;
}

/**
 * Queues an event for each row of `rows` (a `data` jsonb column and a `key` text column, null for
 * none) to every address that takes `event`: for writes that know their facts only in SQL.
 */
export async function queueWebhooksFrom(tx: Tx, event: WebhookEvent, rows: SQL): Promise<void> {
  await tx.execute(queuedFrom(event, rows));
}

/**
 * The insert of queueWebhooksFrom, for a statement whose rows come from its own data-modifying CTE
 * (which PostgreSQL allows only at the top level: `with ... ${queuedFrom(...)}`).
 */
export function queuedFrom(event: WebhookEvent, rows: SQL): SQL {
  return sql`
    insert into webhook_messages (webhook_id, event, data, event_key)
    select w.id, ${event}::text, r.data, r.key
    from (select r.*, row_number() over () as n from (${rows}) r) r
      join webhooks w on ${event}::text = any(w.events)
    order by r.n, w.id
    on conflict (webhook_id, event_key) where event_key is not null do nothing`;
}

/**
 * Events the game server reports from further back than this (a backfill after an outage, a
 * LiteBans database followed for the first time, a seeded history) are not told: a channel hears
 * what happens, not years of what happened.
 */
export const WEBHOOK_RECENT = sql`interval '1 day'`;
