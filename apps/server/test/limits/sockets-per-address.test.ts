// Issue 16, limits under abuse: one address held sockets until the process ran out of file
// descriptors and everyone else was refused. Now an address holds at most SOCKETS_PER_ADDRESS open
// sockets, every feed together; the upgrade past that answers 429 {detail}, and the site keeps
// serving everyone else.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers.ts';
import { type Listener, listen } from '../hostile/ws-client.ts';

const TOO_MANY = {
  status: 429,
  body: JSON.stringify({
    detail: 'Too many live connections from your address (at most 3). Close a tab and try again.',
    code: 'too_many_connections',
  }),
  contentType: 'application/json; charset=utf-8',
};

/** Opens a socket to `url` again and again until the server accepts one (it hears a close a moment after it is sent). */
async function openOnceFreed(url: string, options: Parameters<typeof listen>[1]): Promise<Listener> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const socket = listen(url, options);
    const accepted = await socket.opened.then(
      () => true,
      () => false,
    );
    if (accepted) return socket;
    expect(await socket.refusal).toEqual(TOO_MANY);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no socket was accepted after one closed');
}

describe.each(databaseKinds())('open sockets per address (%s)', (kind) => {
  let t: TestApp;
  let ws: string;
  let http: string;
  const opened: Listener[] = [];
  const open = (path: string, options: Parameters<typeof listen>[1] = {}) => {
    const socket = listen(`${ws}${path}`, options);
    opened.push(socket);
    return socket;
  };

  afterAll(async () => {
    for (const { socket } of opened) socket.terminate();
    await t?.close();
  });

  describe('behind one trusted proxy', () => {
    beforeAll(async () => {
      t = await createTestApp(kind, { SOCKETS_PER_ADDRESS: '3', TRUST_PROXY: '1' });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      ws = `ws://127.0.0.1:${port}`;
      http = `http://127.0.0.1:${port}`;
    });

    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

    it('answers 429 past the cap, counting every feed together, and frees a slot when a socket closes', async () => {
      const client = from('198.51.100.7');
      const held = [
        open('/ws/players', client),
        open('/ws/leaderboard?metric=xp&limit=5', client),
        open('/api/gangs/ws', client),
      ];
      await Promise.all(held.map((socket) => socket.opened));
      for (const path of ['/ws/players', '/api/gangs/ws', '/api/social/ws?token=x']) {
        const refused = open(path, client);
        expect(await refused.refusal, path).toEqual(TOO_MANY);
      }

      // Meanwhile the site serves everyone else, and this address's plain requests too.
      const neighbour = open('/ws/players', from('198.51.100.8'));
      await neighbour.opened;
      expect(await neighbour.next((m) => typeof m === 'object' && m !== null && 'online' in m)).toBeTruthy();
      expect(
        (await fetch(`${http}/healthz`, { headers: { 'x-forwarded-for': '198.51.100.7' } })).status,
      ).toBe(200);
      // The sockets it holds keep working.
      expect(await held[0]!.next((m) => typeof m === 'object' && m !== null && 'online' in m)).toBeTruthy();

      held[0]!.socket.close();
      await held[0]!.closing;
      const again = await openOnceFreed(`${ws}/ws/players`, client);
      opened.push(again);
      expect(await open('/ws/players', client).refusal).toEqual(TOO_MANY);
    });

    it('gives back the slot of every refused handshake', async () => {
      const client = from('198.51.100.9');
      // Refused for another reason (a cross-site page), many times over.
      for (let i = 0; i < 6; i++) {
        const refused = open('/ws/players', { ...client, origin: 'https://evil.example' });
        expect((await refused.refusal).status).toBe(403);
      }
      // Refused for the cap, many times over, while three are held.
      const held = [open('/ws/players', client), open('/ws/players', client), open('/ws/players', client)];
      await Promise.all(held.map((socket) => socket.opened));
      for (let i = 0; i < 6; i++) expect(await open('/ws/players', client).refusal).toEqual(TOO_MANY);
      for (const { socket, closing } of held) {
        socket.close();
        await closing;
      }
      // All three slots come back: none was kept by a refusal.
      for (let i = 0; i < 3; i++) opened.push(await openOnceFreed(`${ws}/ws/players`, client));
      expect(await open('/ws/players', client).refusal).toEqual(TOO_MANY);
    });
  });
});

describe('open sockets per address, with no proxy trusted', () => {
  let t: TestApp;
  let port: number;
  const opened: Listener[] = [];
  beforeAll(async () => {
    t = await createTestApp('pglite', { SOCKETS_PER_ADDRESS: '2' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const { socket } of opened) socket.terminate();
    await t?.close();
  });

  it('counts the connecting address, whatever X-Forwarded-For says', async () => {
    const open = (xff: string, localAddress = '127.0.0.1') => {
      const socket = listen(`ws://127.0.0.1:${port}/ws/players`, {
        headers: { 'x-forwarded-for': xff },
        localAddress,
      });
      opened.push(socket);
      return socket;
    };
    await Promise.all([open('203.0.113.1').opened, open('203.0.113.2').opened]);
    const refused = await open('203.0.113.3').refusal;
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).detail).toMatch(/at most 2/);
    // Another address on this machine (Linux routes all of 127/8 to the loopback) is served.
    await open('203.0.113.3', '127.0.0.2').opened;
  });
});
