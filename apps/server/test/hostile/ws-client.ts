// Socket helpers for the hostile tests: a listening WebSocket client that records what it receives
// and how it closed, and raw handshakes and frames written byte by byte over node:net, for what a
// well-behaved client library refuses to send.
import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';

export interface Listener {
  socket: WebSocket;
  messages: unknown[];
  /** The close code once closed, else null. */
  closed: () => number | null;
  opened: Promise<void>;
  /** Resolves with the close code. */
  closing: Promise<number>;
  next: (predicate: (message: unknown) => boolean, timeoutMs?: number) => Promise<unknown>;
  /** The HTTP answer when the server refused the upgrade. */
  refusal: Promise<{ status: number; body: string; contentType: string }>;
}

export function listen(url: string, options: WebSocket.ClientOptions = {}): Listener {
  const socket = new WebSocket(url, options);
  const messages: unknown[] = [];
  let code: number | null = null;
  socket.on('message', (data, isBinary) => {
    const text = String(data);
    try {
      messages.push(isBinary ? data : JSON.parse(text));
    } catch {
      messages.push(text);
    }
  });
  // Errors (a refused upgrade, a reset) show as the close code or the refusal; never unhandled.
  socket.on('error', () => {});
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('close', (c) => reject(new Error(`closed with ${c} before opening`)));
  });
  opened.catch(() => {});
  const closing = new Promise<number>((resolve) => {
    socket.once('close', (c) => {
      code = c;
      resolve(c);
    });
  });
  const refusal = new Promise<{ status: number; body: string; contentType: string }>((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body,
          contentType: String(response.headers['content-type'] ?? ''),
        }),
      );
      response.on('error', reject);
    });
    socket.once('open', () => reject(new Error('the upgrade was accepted')));
  });
  refusal.catch(() => {});
  const next = async (predicate: (message: unknown) => boolean, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(predicate);
      if (found !== undefined) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `no matching message on ${url.slice(0, 80)}; got ${JSON.stringify(messages).slice(0, 500)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { socket, messages, closed: () => code, opened, closing, next, refusal };
}

/** Resolves once `promise` settles or `ms` pass, with whether it settled. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A client frame: FIN, the opcode, masked (unless told not to) as clients must. */
export function frame(
  opcode: number,
  payload: Buffer,
  options: { masked?: boolean; fin?: boolean } = {},
): Buffer {
  const masked = options.masked ?? true;
  const first = (options.fin === false ? 0 : 0x80) | opcode;
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([first, (masked ? 0x80 : 0) | length])
      : length < 65536
        ? Buffer.from([first, (masked ? 0x80 : 0) | 126, length >> 8, length & 255])
        : Buffer.concat([Buffer.from([first, (masked ? 0x80 : 0) | 127]), u64(length)]);
  if (!masked) return Buffer.concat([header, payload]);
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const body = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([header, mask, body]);
}

function u64(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}

export interface RawSocket {
  socket: Socket;
  /** Everything received so far, as Latin-1 text. */
  received: () => string;
  /** Resolves when the server ends or destroys the connection. */
  ended: Promise<void>;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
}

export function rawConnect(port: number): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    const ended = new Promise<void>((done) => socket.once('close', () => done()));
    const received = () => Buffer.concat(chunks).toString('latin1');
    const waitFor = async (pattern: RegExp, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const text = received();
        if (pattern.test(text)) return text;
        if (socket.destroyed || Date.now() > deadline) {
          throw new Error(`never saw ${pattern}; got ${JSON.stringify(text.slice(0, 500))}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    socket.once('connect', () => resolve({ socket, received, ended, waitFor }));
    socket.once('error', reject);
  });
}

/** A WebSocket handshake request, with headers that may be overridden or removed (undefined). */
export function handshake(
  path: string,
  port: number,
  headers: Record<string, string | undefined> = {},
): string {
  const all: Record<string, string | undefined> = {
    Host: `127.0.0.1:${port}`,
    Upgrade: 'websocket',
    Connection: 'Upgrade',
    'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
    'Sec-WebSocket-Version': '13',
    ...headers,
  };
  const lines = Object.entries(all)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${value}`);
  return `GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}
