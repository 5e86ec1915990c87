// The game server's side of the bridge API (DESIGN.md 7). Event ids make every batch safe to send
// again, so anything that may be transient (no connection yet, 5xx, 429) is retried with backoff
// until it goes through or the simulator stops. A 4xx other than that is a bug on our side: it is
// logged with the events it names, and the rest of the batch is sent without them.
import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_HEADER, type Purchase, purchaseSchema } from '@prison/shared/auction';
import {
  type BridgeBatchResult,
  type BridgeEvent,
  type BridgePurchaseRequest,
  bridgeBatchErrorSchema,
  bridgeBatchResultSchema,
  type Delivery,
  deliverySchema,
} from '@prison/shared/bridge';
import { type BridgeAction, type BridgeActionsAck, bridgeActionsSchema } from '@prison/shared/bridge-actions';
import type { SimulatorLog } from './log.ts';

/** The site refused us in a way retrying cannot fix (bad token, no bridge API at that address). */
export class BridgeFatalError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'BridgeFatalError';
  }
}

export interface BridgeClientOptions {
  url: string;
  token: string;
  signal: AbortSignal;
  log: SimulatorLog;
  retryInitialMs?: number;
  retryMaxMs?: number;
  requestTimeoutMs?: number;
}

export interface SendResult extends BridgeBatchResult {
  /** Events the site rejected as invalid (logged), which were dropped. */
  rejected: number;
}

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);
/** A purchase the site refused for what it is (unknown, own listing, sold out, too poor): not retried. */
const REFUSALS: ReadonlySet<number> = new Set([403, 404, 409]);

export class BridgeClient {
  private readonly base: string;
  private readonly retryInitialMs: number;
  private readonly retryMaxMs: number;
  private readonly requestTimeoutMs: number;
  private failing = false;

  constructor(private readonly options: BridgeClientOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.retryInitialMs = options.retryInitialMs ?? 250;
    this.retryMaxMs = options.retryMaxMs ?? 10_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  }

  /** Sends one batch (at most 500 events), retrying until the site has it. */
  async sendEvents(events: BridgeEvent[]): Promise<SendResult> {
    let pending = events;
    let rejected = 0;
    for (let attempt = 0; ; attempt++) {
      const response = await this.request('POST', '/api/bridge/events', { events: pending }, attempt);
      if (!response) continue;
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) return { ...bridgeBatchResultSchema.parse(body), rejected };
      if (response.status === 413 && pending.length > 1) return this.sendHalves(pending, rejected);
      const errors = response.status === 400 ? bridgeBatchErrorSchema.safeParse(body) : null;
      if (!errors?.success || errors.data.errors.length === 0) {
        this.options.log.error(
          { status: response.status, detail: detailOf(body), events: pending.length, first: pending[0]?.id },
          'bridge refused a batch; dropping it',
        );
        return { applied: 0, skipped: 0, rejected: rejected + pending.length };
      }
      const bad = new Set(errors.data.errors.map((e) => e.index));
      for (const { index, reason } of errors.data.errors) {
        const event = pending[index];
        this.options.log.error(
          { index, id: event?.id, type: event?.type, reason },
          'bridge rejected an event (a simulator bug)',
        );
      }
      rejected += bad.size;
      pending = pending.filter((_, index) => !bad.has(index));
      if (pending.length === 0) return { applied: 0, skipped: 0, rejected };
    }
  }

  private async sendHalves(events: BridgeEvent[], rejected: number): Promise<SendResult> {
    const middle = Math.ceil(events.length / 2);
    const a = await this.sendEvents(events.slice(0, middle));
    const b = await this.sendEvents(events.slice(middle));
    return {
      applied: a.applied + b.applied,
      skipped: a.skipped + b.skipped,
      rejected: rejected + a.rejected + b.rejected,
    };
  }

  // The delivery outbox (auction purchases to hand over in game), consumed by deliveries.ts, which
  // also listens on WS /api/bridge/ws with the same bearer.
  async listDeliveries(limit = 100): Promise<Delivery[]> {
    const response = await this.requireOk('GET', `/api/bridge/deliveries?limit=${limit}`);
    return deliverySchema.array().parse(await response.json());
  }

  async ackDeliveries(ids: string[]): Promise<void> {
    await this.requireOk('POST', '/api/bridge/deliveries/ack', { ids });
  }

  // The staff actions the site's console asks for (PUNISH_VIA=plugin), carried out by deliveries.ts,
  // which also receives them on the socket.
  async listActions(limit = 100): Promise<BridgeAction[]> {
    const response = await this.requireOk('GET', `/api/bridge/actions?limit=${limit}`);
    return bridgeActionsSchema.parse(await response.json());
  }

  async ackActions(results: BridgeActionsAck['results']): Promise<void> {
    await this.requireOk('POST', '/api/bridge/actions/ack', { results });
  }

  /**
   * A purchase made in game, through the site's stock (POST /api/bridge/purchases). A network failure
   * or a transient answer is retried with the same key, which the site answers with the first
   * purchase instead of buying again. Answers the purchase, or the code of the site's refusal (sold
   * out, not enough money...). Its money comes back with its delivery, like any other.
   */
  async buyInGame(
    request: BridgePurchaseRequest,
    key: string,
  ): Promise<{ purchase: Purchase } | { refused: string }> {
    for (let attempt = 0; ; attempt++) {
      const response = await this.request('POST', '/api/bridge/purchases', request, attempt, {
        headers: { [IDEMPOTENCY_HEADER]: key },
        answered: REFUSALS,
      });
      if (!response) continue;
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) return { purchase: purchaseSchema.parse(body) };
      if (REFUSALS.has(response.status)) return { refused: codeOf(body) };
      throw new BridgeFatalError(
        `POST /api/bridge/purchases answered ${response.status}: ${detailOf(body)}`,
        response.status,
      );
    }
  }

  private async requireOk(method: string, path: string, body?: unknown): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const response = await this.request(method, path, body, attempt);
      if (!response) continue;
      if (response.ok) return response;
      throw new BridgeFatalError(
        `${method} ${path} answered ${response.status}: ${detailOf(await response.json().catch(() => null))}`,
        response.status,
      );
    }
  }

  /**
   * One request. Answers null after waiting out a retryable failure; throws when stopped, and
   * BridgeFatalError when the site will never accept us.
   */
  private async request(
    method: string,
    path: string,
    body: unknown,
    attempt: number,
    extra: { headers?: Record<string, string>; answered?: ReadonlySet<number> } = {},
  ): Promise<Response | null> {
    const { signal, log } = this.options;
    signal.throwIfAborted();
    let response: Response;
    try {
      response = await fetch(this.base + path, {
        method,
        headers: {
          authorization: `Bearer ${this.options.token}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...extra.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.requestTimeoutMs)]),
      });
    } catch (error) {
      signal.throwIfAborted();
      const cause = (error as Error).cause;
      await this.backoff(attempt, {
        path,
        error: cause instanceof Error ? cause.message : (error as Error).message,
      });
      return null;
    }
    if (RETRYABLE.has(response.status)) {
      const detail = detailOf(await response.json().catch(() => null));
      await this.backoff(attempt, { path, status: response.status, detail }, retryAfterMs(response));
      return null;
    }
    if (response.status === 401 || (response.status === 403 && !extra.answered?.has(403))) {
      throw new BridgeFatalError(
        `the site rejected the bridge token (${response.status}); check BRIDGE_TOKEN`,
        response.status,
      );
    }
    if (response.status === 404 && !extra.answered?.has(404)) {
      throw new BridgeFatalError(`no bridge API at ${this.base}${path} (404); check the site address`, 404);
    }
    if (this.failing) {
      this.failing = false;
      log.info({ url: this.base, attempts: attempt + 1 }, 'site reachable again');
    }
    return response;
  }

  private async backoff(attempt: number, data: Record<string, unknown>, atLeastMs = 0) {
    const delay = Math.max(
      atLeastMs,
      Math.min(this.retryMaxMs, this.retryInitialMs * 2 ** Math.min(attempt, 16)),
    );
    if (!this.failing || attempt % 10 === 0) {
      this.options.log.warn(
        { url: this.base, ...data, retryInMs: delay, attempt: attempt + 1 },
        'site not answering; retrying',
      );
    }
    this.failing = true;
    await sleep(delay, undefined, { signal: this.options.signal });
  }
}

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) * 1000 : 0;
}

function codeOf(body: unknown): string {
  if (body && typeof body === 'object' && 'code' in body) return String((body as { code: unknown }).code);
  return 'unknown';
}

function detailOf(body: unknown): string {
  if (body && typeof body === 'object' && 'detail' in body)
    return String((body as { detail: unknown }).detail);
  return body === null ? '(no body)' : JSON.stringify(body).slice(0, 200);
}
