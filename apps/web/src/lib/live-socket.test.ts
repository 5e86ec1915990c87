import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FakeWebSocket } from '../../test/fake-web-socket.ts';
import { connectLiveSocket, type LiveStatus, liveSocketUrl, parseLiveMessage } from './live-socket.ts';

function start() {
  const statuses: LiveStatus[] = [];
  const messages: unknown[] = [];
  const socket = connectLiveSocket({
    path: '/ws/players',
    onMessage: (data) => messages.push(data),
    onStatus: (status) => statuses.push(status),
    createSocket: (url) => new FakeWebSocket(url),
    location: { protocol: 'https:', host: 'play.example.com' },
  });
  return { socket, statuses, messages };
}

describe('liveSocketUrl', () => {
  it('uses wss on https pages and ws otherwise, on the same host', () => {
    expect(liveSocketUrl('/ws/players', { protocol: 'https:', host: 'example.com' })).toBe(
      'wss://example.com/ws/players',
    );
    expect(liveSocketUrl('/ws/players', { protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/ws/players',
    );
  });
});

describe('parseLiveMessage', () => {
  const schema = z.object({ online: z.number().nullable() });

  it('reads a message of the shape, and ignores text that is not JSON, other shapes and binary frames', () => {
    expect(parseLiveMessage(schema, '{"online":3}')).toEqual({ online: 3 });
    expect(parseLiveMessage(schema, '{"online":null}')).toEqual({ online: null });
    expect(parseLiveMessage(schema, '{"online":"3"}')).toBeUndefined();
    expect(parseLiveMessage(schema, 'not json')).toBeUndefined();
    expect(parseLiveMessage(schema, new Blob(['{"online":3}']))).toBeUndefined();
  });
});

describe('connectLiveSocket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes connecting -> open and passes messages on', () => {
    const { socket, statuses, messages } = start();
    expect(FakeWebSocket.latest().url).toBe('wss://play.example.com/ws/players');
    expect(socket.status()).toBe('connecting');
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().message('{"online":3}');
    expect(statuses).toEqual(['connecting', 'open']);
    expect(messages).toEqual(['{"online":3}']);
  });

  it('reconnects after 1 s, 2 s, 4 s, 8 s, 16 s and then stays at 16 s', () => {
    const { socket } = start();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const count = FakeWebSocket.instances.length;
      FakeWebSocket.latest().drop();
      expect(socket.status()).toBe('closed');
      let waited = 0;
      while (FakeWebSocket.instances.length === count) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
      expect(socket.status()).toBe('connecting');
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 16000, 16000]);
  });

  it('starts the backoff again after a successful open', () => {
    start();
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(2000);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('turns an error into a close and a reconnect', () => {
    const { socket, statuses } = start();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().error();
    expect(FakeWebSocket.instances[0]?.closed).toBe(true);
    expect(socket.status()).toBe('closed');
    vi.advanceTimersByTime(1000);
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting']);
  });

  it('stops for good when closed by its owner', () => {
    const { socket } = start();
    FakeWebSocket.latest().drop();
    socket.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    const other = start();
    FakeWebSocket.latest().open();
    other.socket.close();
    expect(FakeWebSocket.latest().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});
