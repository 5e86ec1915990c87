// A WebSocket to this site's live feeds that keeps itself connected (spec 4 Live player count connection):
// connecting -> open -> closed -> (wait reconnectDelay(attempt)) -> connecting ...; errors force a close,
// and a successful open resets the backoff.
import { reconnectDelay } from '@prison/shared/reconnect';
import type { z } from 'zod';
import type { LazySchema } from './lazy-schema.ts';

export type LiveStatus = 'connecting' | 'open' | 'closed';

/** The part of the browser WebSocket this module uses, so tests can hand in a fake. */
interface LiveSocketLike {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  close(code?: number, reason?: string): void;
}

interface LiveSocketOptions {
  /** Same-host path, e.g. /ws/players. */
  path: string;
  onMessage: (data: unknown) => void;
  onStatus?: (status: LiveStatus) => void;
  /** Lets callers see close codes (the social feed's 1008 means the session expired). */
  onClose?: (event: CloseEvent) => void;
  createSocket?: (url: string) => LiveSocketLike;
  location?: Pick<Location, 'protocol' | 'host'>;
}

interface LiveSocket {
  status(): LiveStatus;
  /** Stops for good: closes the socket and cancels any pending reconnect. */
  close(): void;
}

/**
 * A live message read by its shared schema, or undefined for anything else (not text, not JSON, not
 * that shape): a malformed message is ignored (spec 5).
 */
export function parseLiveMessage<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a live message once its schema has loaded (the first message loads it) and hands it to
 * `handle`; a malformed one is ignored, as is one that came when the schema could not load. Messages
 * are read in the order they came: they all wait on the same load.
 */
export function readLiveMessage<S extends z.ZodType>(
  schema: LazySchema<S>,
  data: unknown,
  handle: (message: z.infer<S>) => void,
): void {
  schema().then(
    (loaded) => {
      const message = parseLiveMessage(loaded, data);
      if (message !== undefined) handle(message);
    },
    () => {},
  );
}

export function liveSocketUrl(path: string, location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${path}`;
}

export function connectLiveSocket(options: LiveSocketOptions): LiveSocket {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const url = liveSocketUrl(options.path, options.location ?? window.location);
  let status: LiveStatus = 'connecting';
  let attempt = 0;
  let socket: LiveSocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const setStatus = (next: LiveStatus) => {
    status = next;
    options.onStatus?.(next);
  };

  const connect = () => {
    timer = undefined;
    setStatus('connecting');
    const current = createSocket(url);
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      attempt = 0;
      setStatus('open');
    };
    current.onmessage = (event) => {
      if (socket === current) options.onMessage(event.data);
    };
    current.onerror = () => {
      if (socket === current) current.close();
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      setStatus('closed');
      options.onClose?.(event);
      if (stopped) return;
      timer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };
  };

  connect();

  return {
    status: () => status,
    close() {
      stopped = true;
      clearTimeout(timer);
      const current = socket;
      socket = null;
      if (current) {
        current.onopen = current.onmessage = current.onerror = current.onclose = null;
        current.close();
      }
    },
  };
}
