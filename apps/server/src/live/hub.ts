// The live hub (DESIGN.md section 4): one per process. It keeps a snapshot per topic, rebuilds it
// when a NOTIFY says the topic changed (at most once a second per topic), and pushes changed
// snapshots to the topic's sockets. PostgreSQL delivers the NOTIFY to every process, so any number
// of stateless processes behind a load balancer stay in step.
import type { WebSocket } from 'ws';
import { type Database, LIVE_CHANNEL } from '../db/client.ts';
import { DATABASE_UNAVAILABLE } from '../db/errors.ts';
import { unavailable } from '../errors.ts';
import { onCommittedHere } from './changes.ts';
import type { TopicShape } from './topics.ts';

export const REBUILD_INTERVAL_MS = 1000;
/** A socket that falls this far behind is closed rather than buffered without bound. */
export const MAX_BUFFERED_BYTES = 1 << 20;

export interface TopicBuild<T = unknown> {
  value: T;
  /** Rebuild again after this many milliseconds even without a NOTIFY (e.g. data goes stale). */
  refreshInMs?: number;
  /** Replace the value with this one after `inMs` unless a newer build lands first (even if the
   *  database is down by then, when rebuilding fails and would otherwise keep the old value). */
  expires?: { inMs: number; value: T };
}
export type TopicBuilder<T = unknown> = (topic: string) => Promise<TopicBuild<T>>;
/** Told of each build: how long it took, and why it failed if it did (plugins/metrics.ts). */
export type BuildListener = (topic: string, seconds: number, failure?: unknown) => void;

interface Topic {
  name: string;
  builder: TopicBuilder;
  value: unknown;
  frame: string | null;
  expiry: NodeJS.Timeout | null;
  sockets: Set<WebSocket>;
  built: boolean;
  lastBuildAt: number;
  building: Promise<void> | null;
  dirty: boolean;
  timer: NodeJS.Timeout | null;
  dueAt: number;
  waiters: Array<() => void>;
}

type Log = { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

/** A topic's name, or the pattern of its names, and the value it holds. */
type Shape = [string, unknown];
/** The value the topics named `K` hold. */
type ValueIn<S extends Shape, K> = S extends [infer P, infer V] ? (K extends P ? V : never) : never;
/** What the builder of `N` (a topic, or a family when it ends with ':') builds. */
type BuiltFor<S extends Shape, N extends string> = N extends S[0]
  ? ValueIn<S, N>
  : ValueIn<S, Extract<S[0], `${N}${string}`>>;

/**
 * `S` is the topics it keeps and their values: the site's (topics.ts), so a misspelt topic does not
 * compile and each builder, reader and socket gets the topic's own type.
 */
export class LiveHub<S extends Shape = TopicShape> {
  private readonly builders = new Map<string, TopicBuilder>();
  private readonly topics = new Map<string, Topic>();
  private readonly buildListeners = new Set<BuildListener>();
  private unlisten: (() => Promise<void>) | null = null;
  private stopCommits: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly log: Log,
  ) {}

  /** Registers the builder of a topic, or of a family of topics when the name ends with ':'. */
  define<N extends S[0] | `${string}:`>(name: N, builder: TopicBuilder<BuiltFor<S, N>>): void {
    this.builders.set(name, builder as TopicBuilder);
  }

  /** Tells `listener` of every build from now on; the function returned stops telling it. */
  onBuild(listener: BuildListener): () => void {
    this.buildListeners.add(listener);
    return () => this.buildListeners.delete(listener);
  }

  async start(): Promise<void> {
    // A write of this process's that asks for it (committedHere's `rebuild`) is in its topics before
    // the write is answered; the rest reach them through the NOTIFY, as other processes' writes do.
    this.stopCommits = onCommittedHere(this.database.db, (topics, rebuild) =>
      rebuild ? this.refreshAll(topics) : undefined,
    );
    this.unlisten = await this.database.listen(LIVE_CHANNEL, (payload) => this.onNotify(payload));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopCommits?.();
    await this.unlisten?.().catch(() => {});
    for (const topic of this.topics.values()) this.forget(topic);
  }

  /** The current value of a topic, built on first use. Read endpoints answer from it. */
  async current<K extends S[0]>(name: K): Promise<ValueIn<S, K>> {
    const topic = this.topic(name);
    if (!topic.built) await this.rebuildNow(topic);
    if (!topic.built) throw unavailable('database_unavailable', DATABASE_UNAVAILABLE);
    return topic.value as ValueIn<S, K>;
  }

  /** The value of a topic if it is built already, without building it: for synchronous readers. */
  peek<K extends S[0]>(name: K): ValueIn<S, K> | undefined {
    const topic = this.topics.get(name);
    return topic?.built ? (topic.value as ValueIn<S, K>) : undefined;
  }

  /** Adds a socket to a topic and sends it the current snapshot at once. */
  async subscribe(name: S[0], socket: WebSocket): Promise<void> {
    const topic = this.topic(name);
    if (!topic.built) await this.rebuildNow(topic);
    if (socket.readyState !== socket.OPEN) return;
    topic.sockets.add(socket);
    socket.once('close', () => {
      topic.sockets.delete(socket);
      // Per-player topics (social:<uuid>) are dropped with their last socket, so the hub does not
      // keep rebuilding feeds nobody watches.
      if (topic.sockets.size === 0 && topic.name.includes(':') && this.topics.get(topic.name) === topic) {
        this.topics.delete(topic.name);
        this.forget(topic);
      }
    });
    if (topic.frame !== null) socket.send(topic.frame);
  }

  /**
   * Rebuilds a topic now, after any build in flight (which may have read the database before the
   * caller's write), so that what this process answers next includes a write it just committed. A
   * topic nobody has read yet is left to its first reader.
   */
  async refresh(name: S[0]): Promise<void> {
    const topic = this.topics.get(name);
    if (!topic) return;
    if (topic.building) await topic.building;
    await this.rebuildNow(topic);
  }

  /** `refresh` for every topic built under these names (a family's name stands for its members). */
  private async refreshAll(names: Iterable<string>): Promise<void> {
    const refreshing: Promise<void>[] = [];
    for (const name of names) {
      for (const topic of this.topics.values()) {
        if (matches(topic.name, name)) refreshing.push(this.refresh(topic.name as S[0]));
      }
    }
    await Promise.all(refreshing);
  }

  /** Marks topics changed in this process (the NOTIFY path does the same for every process). */
  invalidate(names: Iterable<S[0] | `${string}:` | '*'>): void {
    for (const name of names) {
      if (name === '*') {
        for (const topic of this.topics.values()) this.schedule(topic);
        continue;
      }
      // A family name ("social:") invalidates every built topic of that family.
      for (const topic of this.topics.values()) if (matches(topic.name, name)) this.schedule(topic);
    }
  }

  private onNotify(payload: string): void {
    if (this.stopped) return;
    // What other processes (or this one) named; names this process does not know match nothing.
    this.invalidate(payload.split(',').filter(Boolean) as S[0][]);
  }

  private topic(name: string): Topic {
    let topic = this.topics.get(name);
    if (topic) return topic;
    const family = name.includes(':') ? `${name.slice(0, name.indexOf(':') + 1)}` : null;
    const builder = this.builders.get(name) ?? (family ? this.builders.get(family) : undefined);
    if (!builder) throw new Error(`unknown live topic ${name}`);
    topic = {
      name,
      builder,
      value: undefined,
      frame: null,
      expiry: null,
      sockets: new Set(),
      built: false,
      lastBuildAt: 0,
      building: null,
      dirty: false,
      timer: null,
      dueAt: 0,
      waiters: [],
    };
    this.topics.set(name, topic);
    return topic;
  }

  private schedule(topic: Topic, delay?: number): void {
    if (this.stopped || this.topics.get(topic.name) !== topic) return;
    // A change is due one interval after the last build; a planned refresh when it says.
    if (delay === undefined) topic.dirty = true;
    if (topic.building) return; // The build in flight reschedules itself when it ends.
    const wait = delay ?? Math.max(0, topic.lastBuildAt + REBUILD_INTERVAL_MS - Date.now());
    const dueAt = Date.now() + wait;
    if (topic.timer) {
      if (topic.dueAt <= dueAt) return;
      clearTimeout(topic.timer);
    }
    topic.dueAt = dueAt;
    topic.timer = setTimeout(() => {
      topic.timer = null;
      void this.rebuildNow(topic);
    }, wait);
    topic.timer.unref();
  }

  private rebuildNow(topic: Topic): Promise<void> {
    if (topic.building) return new Promise((resolve) => topic.waiters.push(resolve));
    topic.dirty = false;
    topic.lastBuildAt = Date.now();
    topic.building = (async () => {
      let next: number | undefined;
      const started = performance.now();
      try {
        const { value, refreshInMs, expires } = await topic.builder(topic.name);
        this.tellBuilt(topic.name, started);
        this.publish(topic, value);
        topic.built = true;
        if (topic.expiry) clearTimeout(topic.expiry);
        topic.expiry = null;
        if (expires) {
          topic.expiry = setTimeout(() => {
            topic.expiry = null;
            this.publish(topic, expires.value);
          }, expires.inMs);
          topic.expiry.unref();
        }
        next = refreshInMs;
      } catch (err) {
        // The database may be down: keep the last snapshot and try again shortly.
        this.log.warn({ err, topic: topic.name }, 'live topic rebuild failed');
        this.tellBuilt(topic.name, started, err);
        next = 2000;
      } finally {
        topic.building = null;
        for (const resolve of topic.waiters.splice(0)) resolve();
      }
      if (topic.dirty) this.schedule(topic);
      else if (next !== undefined) this.schedule(topic, next);
    })();
    return topic.building;
  }

  private tellBuilt(name: string, started: number, failure?: unknown): void {
    const seconds = (performance.now() - started) / 1000;
    for (const listener of this.buildListeners) listener(name, seconds, failure);
  }

  private forget(topic: Topic): void {
    if (topic.timer) clearTimeout(topic.timer);
    if (topic.expiry) clearTimeout(topic.expiry);
    topic.timer = topic.expiry = null;
    for (const resolve of topic.waiters.splice(0)) resolve();
  }

  private publish(topic: Topic, value: unknown): void {
    topic.value = value;
    const frame = JSON.stringify(value);
    if (frame === topic.frame) return;
    topic.frame = frame;
    this.broadcast(topic, Buffer.from(frame));
  }

  /** One encoded frame for every socket of the topic. */
  private broadcast(topic: Topic, frame: Buffer): void {
    for (const socket of topic.sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        continue;
      }
      socket.send(frame, { binary: false });
    }
  }

  socketCount(name: S[0]): number {
    return this.topics.get(name)?.sockets.size ?? 0;
  }
}

/** Whether a topic is `name`, or a member of the family `name`. */
const matches = (topic: string, name: string) =>
  topic === name || (name.endsWith(':') && topic.startsWith(name));
