// A local HTTP server standing in for Discord's webhook endpoint: it records every post (its path,
// its parsed body, when it came) and answers each with the next scripted answer, or 204 when none is
// left, as Discord answers a webhook executed without ?wait.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Milliseconds to wait before answering (a slow Discord). */
  delayMs?: number;
}

export interface WebhookReceiver {
  /** host:port, for WEBHOOK_ALLOW_HOSTS. */
  host: string;
  /** A webhook address on the receiver; `name` tells addresses apart. */
  address(name: string): string;
  received: Received[];
  /** Posts to one address. */
  to(name: string): Received[];
  /** Answers the next posts to `name` with these, in order. */
  script(name: string, ...answers: Answer[]): void;
  /** Every post from now on to `name` is answered so, until `script` or `reset`. */
  always(name: string, answer: Answer | null): void;
  /**
   * Holds the answer to the `nth` post to `name` and every one after it (they are recorded as they
   * come) until `release`: a post in flight for as long as a test needs.
   */
  holdFrom(name: string, nth: number): void;
  /** How many posts to `name` wait for `release`. */
  held(name: string): number;
  release(name: string): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const scripts = new Map<string, Answer[]>();
  const standing = new Map<string, Answer>();
  const holds = new Map<string, { from: number; waiting: (() => void)[] }>();
  const nameOf = (path: string) => path.split('/')[3] ?? '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as text.
      }
      received.push({ path, headers: req.headers, body, at: Date.now() });
      const name = nameOf(path);
      const answer = scripts.get(name)?.shift() ?? standing.get(name) ?? { status: 204 };
      const send = () => {
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      };
      const answerNow = () => (answer.delayMs ? setTimeout(send, answer.delayMs) : send());
      const hold = holds.get(name);
      if (hold && received.filter((r) => nameOf(r.path) === name).length >= hold.from)
        hold.waiting.push(answerNow);
      else answerNow();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const host = `127.0.0.1:${port}`;
  return {
    host,
    address: (name) => `http://${host}/api/webhooks/${name}/test-token-0123456789abcdefghij`,
    received,
    to: (name) => received.filter((r) => nameOf(r.path) === name),
    script: (name, ...answers) => scripts.set(name, [...(scripts.get(name) ?? []), ...answers]),
    always: (name, answer) => {
      if (answer) standing.set(name, answer);
      else standing.delete(name);
    },
    holdFrom: (name, nth) => holds.set(name, { from: nth, waiting: [] }),
    held: (name) => holds.get(name)?.waiting.length ?? 0,
    release: (name) => {
      const hold = holds.get(name);
      holds.delete(name);
      for (const answer of hold?.waiting ?? []) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
