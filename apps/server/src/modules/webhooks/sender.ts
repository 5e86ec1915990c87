// The webhooks' outbox, sent. Every process runs a sender; an address's messages are sent by the one
// process holding its lease, one after another, oldest first, so a channel reads them in order and
// no message is posted by two processes at once. What Discord answers decides what follows:
//   2xx          sent; when its rate-limit headers say the bucket is empty, the address waits for
//                X-RateLimit-Reset-After before the next message;
//   429          not the message's fault: the address (every address, for a global limit) waits
//                `retry_after` seconds, and the message goes again, its attempts unchanged;
//   5xx, network the message is tried again after 5 s, 10 s, 20 s... (at most 15 minutes, or the
//                answer's Retry-After), and the address waits with it, to keep the order;
//   other 4xx    refused for good (the address was deleted in Discord, the body refused): parked.
// After WEBHOOK_MAX_ATTEMPTS failed attempts a message is parked too, with its last error, until an
// owner retries it from the console. A message is marked sent once Discord accepted it; while the
// database is away that record is tried again for as long as the lease lasts. A process killed
// between the two (or an outage longer than the lease) leaves it waiting, and the next holder of the
// lease posts it again: the one case where Discord may get a message twice.

import { WEBHOOK_MAX_ATTEMPTS } from '@prison/shared/webhooks';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, databaseOf, rowsOf, type Tx } from '../../db/client.ts';
import { addressRefusal } from './addresses.ts';
import { discordMessage, type MessageContext } from './discord.ts';
import type { WebhookFacts } from './events.ts';

/** The NOTIFY channel that says an address was added or removed (service.ts), to every process. */
export const WEBHOOKS_CHANNEL = 'webhooks';

/** How often each process looks for messages due, and for a game server gone quiet. */
export const WEBHOOK_TICK_MS = 1000;
export const QUIET_CHECK_MS = 5000;
/** How long a process holds an address: longer than a turn's posts (TURN_MESSAGES × timeout). */
export const WEBHOOK_LEASE_MS = 60_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
const TURN_MESSAGES = 5;
export const RETRY_BASE_MS = 5000;
export const RETRY_MAX_MS = 15 * 60_000;
/** Sent messages are kept this long (the console's counts), then deleted, once an hour. */
export const SENT_KEEP_DAYS = 30;
const PRUNE_EVERY_MS = 60 * 60_000;

/** How long to wait after the `attempts`-th failed attempt: 5 s, doubling, at most 15 minutes. */
export const retryDelay = (attempts: number) =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), RETRY_MAX_MS);

/** What one post came to. */
export type PostOutcome =
  | { kind: 'sent'; status: number; holdMs: number | null }
  | { kind: 'rate_limited'; holdMs: number; global: boolean; error: string }
  | { kind: 'failed'; error: string; retryAfterMs: number | null }
  | { kind: 'refused'; status: number; error: string };

const seconds = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.ceil(n * 1000) : null;
};

/** Posts a body to a webhook address and reads Discord's answer. */
export async function postToWebhook(url: string, body: unknown): Promise<PostOutcome> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'PrisonCommunitySite (webhooks)' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    text = await res.text();
  } catch (err) {
    const reason =
      err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    return { kind: 'failed', error: `Could not reach ${new URL(url).host}: ${reason}`, retryAfterMs: null };
  }
  let answer: { message?: unknown; retry_after?: unknown; global?: unknown } = {};
  try {
    answer = text ? JSON.parse(text) : {};
  } catch {
    // Not JSON: a proxy's page, say. The status says enough.
  }
  const said = typeof answer.message === 'string' ? `: ${answer.message.slice(0, 200)}` : '';
  const error = `Discord answered ${res.status} ${res.statusText}${said}`.trim();
  if (res.ok) {
    const empty = res.headers.get('x-ratelimit-remaining') === '0';
    return {
      kind: 'sent',
      status: res.status,
      holdMs: empty ? seconds(res.headers.get('x-ratelimit-reset-after')) : null,
    };
  }
  if (res.status === 429) {
    const holdMs = seconds(answer.retry_after) ?? seconds(res.headers.get('retry-after')) ?? 1000;
    const global = answer.global === true || res.headers.get('x-ratelimit-global') === 'true';
    return { kind: 'rate_limited', holdMs, global, error };
  }
  if (res.status >= 500 || res.status === 408) {
    return { kind: 'failed', error, retryAfterMs: seconds(res.headers.get('retry-after')) };
  }
  return { kind: 'refused', status: res.status, error };
}

interface Address {
  id: number;
  url: string;
  /** This turn's lease, as the database wrote it: released only if it is still the one held. */
  lease: string;
}

interface Waiting {
  id: number;
  event: WebhookFacts['event'];
  data: WebhookFacts['data'];
  attempts: number;
  created_at: Date | string;
}

export interface SenderOptions {
  context: MessageContext;
  log: FastifyBaseLogger;
  /** How long without a report before the game server counts as gone quiet (the status page's). */
  quietAfterMs: number;
  /** WEBHOOK_ALLOW_HOSTS: an address is checked again before each turn. */
  allowHosts: readonly string[];
}

/**
 * The process's sender: started when the app is ready, stopped (its posts finished) when it closes.
 * A site without webhooks does nothing at all: the sender looks at the database only while an
 * address exists, which it learns at start and from WEBHOOKS_CHANNEL whenever one is added or
 * removed, by any process.
 */
export class WebhookSender {
  private timer: NodeJS.Timeout | null = null;
  private turn: Promise<void> | null = null;
  private stopping = false;
  private active = false;
  private unlisten: (() => Promise<void>) | null = null;
  private lastQuietCheck = 0;
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly options: SenderOptions,
  ) {}

  async start(): Promise<void> {
    if (this.timer) return;
    this.stopping = false;
    const database = databaseOf(this.db);
    // A NOTIFY missed while the listening connection was away: look again once it is back ('*').
    this.unlisten = (await database?.listen(WEBHOOKS_CHANNEL, () => void this.lookForAddresses())) ?? null;
    await this.lookForAddresses();
    this.timer = setInterval(() => {
      if (this.active) void this.runTurn();
    }, WEBHOOK_TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // A database already gone has nothing left to stop listening to.
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
    await this.turn;
  }

  /** Whether any address exists; until this can be read, the sender keeps trying as if one did. */
  private async lookForAddresses(): Promise<void> {
    try {
      const [row] = rowsOf<{ any: boolean }>(
        await this.db.execute(sql`select exists (select from webhooks) as any`),
      );
      this.active = Boolean(row?.any);
    } catch (err) {
      this.active = true;
      this.options.log.warn({ err }, 'webhooks: could not look for addresses; sending as if there were some');
    }
  }

  /** One turn, unless the last one is still going; resolves when it is done. */
  runTurn(): Promise<void> {
    if (this.turn) return this.turn;
    this.turn = this.sendDue()
      .catch((err: unknown) => this.options.log.warn({ err }, 'webhooks: a turn failed; trying again'))
      .finally(() => {
        this.turn = null;
      });
    return this.turn;
  }

  private async sendDue(): Promise<void> {
    if (Date.now() - this.lastQuietCheck >= QUIET_CHECK_MS) {
      this.lastQuietCheck = Date.now();
      await queueServerQuiet(this.db, this.options.quietAfterMs);
    }
    if (Date.now() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await pruneSentMessages(this.db);
    }
    const addresses = await takeAddresses(this.db);
    await Promise.all(addresses.map((address) => this.sendFor(address)));
  }

  private async sendFor(address: Address): Promise<void> {
    // Posts start only while one can end, and be recorded, within the lease; bookkeeping may be
    // retried until just before it ends (persist). Past it, another process may hold the address.
    const leaseEnd = Date.now() + WEBHOOK_LEASE_MS;
    const deadline = leaseEnd - RECORD_MARGIN_MS;
    try {
      const due = rowsOf<Waiting>(
        await this.db.execute(sql`
          select id::int, event, data, attempts, created_at from webhook_messages
          where webhook_id = ${address.id} and state = 'waiting' and next_at <= now()
          order by id limit ${TURN_MESSAGES}`),
      );
      // An address WEBHOOK_ALLOW_HOSTS no longer allows (a restored backup, a changed setting) is
      // not posted to: its messages are parked, saying why.
      const refusal = addressRefusal(address.url, this.options.allowHosts);
      for (const message of due) {
        if (this.stopping || Date.now() + WEBHOOK_TIMEOUT_MS >= deadline) break;
        const outcome: PostOutcome = refusal
          ? { kind: 'refused', status: 0, error: refusal }
          : await postToWebhook(
              address.url,
              discordMessage(
                { event: message.event, data: message.data } as WebhookFacts,
                new Date(message.created_at),
                this.options.context,
              ),
            );
        const goOn = await this.persist(
          () => this.db.transaction((tx) => recordOutcome(tx, address.id, message, outcome)),
          deadline,
        );
        if (!goOn) break;
      }
    } finally {
      // Only this turn's lease: one that ran out may be another process's now.
      await this.persist(
        () =>
          this.db.execute(sql`
            update webhooks set lease_until = null
            where id = ${address.id} and lease_until = ${address.lease}::timestamptz`),
        deadline,
      );
    }
  }

  /**
   * Runs a write of the sender's own bookkeeping, again every half second while the database is
   * away, until `deadline` (within the address's lease): Discord has been told, and the next holder
   * of the lease must not tell it again because a short outage lost the record of it.
   */
  private async persist<T>(write: () => Promise<T>, deadline: number): Promise<T> {
    for (let tries = 1; ; tries++) {
      try {
        return await write();
      } catch (err) {
        if (Date.now() + PERSIST_RETRY_MS >= deadline) throw err;
        if (tries === 1) this.options.log.warn({ err }, 'webhooks: the database is away; recording again');
        await new Promise((resolve) => setTimeout(resolve, PERSIST_RETRY_MS));
      }
    }
  }
}

const PERSIST_RETRY_MS = 500;
/** What is kept of the lease for recording a post's outcome. */
const RECORD_MARGIN_MS = 5000;

/** Takes the lease of every address with messages due that is not held nor waiting. */
async function takeAddresses(db: Db): Promise<Address[]> {
  const lease = `${WEBHOOK_LEASE_MS} milliseconds`;
  return rowsOf<Address>(
    await db.execute(sql`
      with due as (
        select w.id from webhooks w
        where (w.hold_until is null or w.hold_until <= now())
          and (w.lease_until is null or w.lease_until < now())
          and exists (
            select from webhook_messages m
            where m.webhook_id = w.id and m.state = 'waiting' and m.next_at <= now()
          )
        order by w.id
        for update skip locked
      )
      update webhooks w set lease_until = now() + ${lease}::interval
      from due where w.id = due.id
      returning w.id::int, w.url, to_json(w.lease_until) #>> '{}' as lease`),
  );
}

/** Records what a post came to; false when the address's turn stops here. */
async function recordOutcome(
  db: Tx,
  address: number,
  message: Waiting,
  outcome: PostOutcome,
): Promise<boolean> {
  const hold = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;
  switch (outcome.kind) {
    case 'sent':
      await db.execute(sql`
        update webhook_messages set state = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null
        where id = ${message.id} and state = 'waiting'`);
      if (outcome.holdMs === null) return true;
      await db.execute(sql`update webhooks set hold_until = ${hold(outcome.holdMs)} where id = ${address}`);
      return false;
    case 'rate_limited':
      await db.execute(sql`
        update webhook_messages set last_error = ${outcome.error} where id = ${message.id}`);
      await db.execute(sql`
        update webhooks set hold_until = greatest(hold_until, ${hold(outcome.holdMs)})
        where ${outcome.global ? sql`true` : sql`id = ${address}`}`);
      return false;
    case 'failed': {
      const attempts = message.attempts + 1;
      if (attempts >= WEBHOOK_MAX_ATTEMPTS) {
        await park(db, message.id, outcome.error);
        return true;
      }
      const wait = Math.max(retryDelay(attempts), outcome.retryAfterMs ?? 0);
      await db.execute(sql`
        update webhook_messages set attempts = attempts + 1, last_error = ${outcome.error},
          next_at = ${hold(wait)}
        where id = ${message.id} and state = 'waiting'`);
      await db.execute(sql`update webhooks set hold_until = ${hold(wait)} where id = ${address}`);
      return false;
    }
    case 'refused':
      await park(db, message.id, outcome.error);
      return true;
  }
}

async function park(db: Tx, id: number, error: string): Promise<void> {
  await db.execute(sql`
    update webhook_messages set state = 'parked', parked_at = now(), attempts = attempts + 1,
      last_error = ${error}
    where id = ${id} and state = 'waiting'`);
}

/**
 * The game server gone quiet (no report for `quietAfterMs`): told once, by whichever process sees
 * it first. The report that follows tells it is back (status/service.ts).
 */
export async function queueServerQuiet(db: Db, quietAfterMs: number): Promise<void> {
  const stale = `${quietAfterMs} milliseconds`;
  await db.execute(sql`
    with quiet as (
      update server_status set quiet_since = reported_at
      where id = 1 and quiet_since is null and reported_at < now() - ${stale}::interval
      returning reported_at
    )
    insert into webhook_messages (webhook_id, event, data, event_key)
    select w.id, 'server',
      jsonb_build_object('change', 'down', 'since', to_json(quiet.reported_at), 'online', null),
      'server.down:' || extract(epoch from quiet.reported_at)::text
    from quiet join webhooks w on 'server' = any(w.events)
    on conflict (webhook_id, event_key) where event_key is not null do nothing`);
}

/** Deletes sent messages older than SENT_KEEP_DAYS, a batch at a time. */
export async function pruneSentMessages(db: Db, batch = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = rowsOf(
      await db.execute(sql`
        delete from webhook_messages where id in (
          select id from webhook_messages
          where state = 'sent' and sent_at < now() - ${`${SENT_KEEP_DAYS} days`}::interval
          limit ${batch})
        returning id`),
    );
    total += deleted.length;
    if (deleted.length < batch) return total;
  }
}
