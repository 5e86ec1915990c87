// A WebSocket client for tests: collects the JSON messages it receives and how it was closed.
import WebSocket from 'ws';

export type Message = Record<string, unknown>;

export function connect(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const messages: Message[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  /** The first message so far, or to come within the timeout, that `predicate` accepts. */
  const next = async <T = Message>(predicate: (m: Message) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(predicate);
      if (found) return found as T;
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { socket, messages, next, closed };
}
