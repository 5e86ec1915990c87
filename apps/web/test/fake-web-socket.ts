// A stand-in for the browser WebSocket: tests drive it by hand (open, message, error, close).
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static reset() {
    FakeWebSocket.instances = [];
  }
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  open() {
    this.onopen?.(new Event('open'));
  }
  message(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  error() {
    this.onerror?.(new Event('error'));
  }
  /** The server (or the network) closed the connection. */
  drop(code = 1006) {
    this.closed = true;
    this.onclose?.(new CloseEvent('close', { code }));
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    // Browsers fire close asynchronously; for the state machine firing it at once is equivalent.
    this.onclose?.(new CloseEvent('close', { code: 1000 }));
  }
}
