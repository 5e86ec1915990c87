// Issue 16, limits under abuse: the process's connections are capped below its file-descriptor
// limit (MAX_CONNECTIONS), so a flood of connections is refused at the door instead of leaving the
// process without descriptors for its database and files. Once one closes, the next is served.

import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers.ts';

/** A connection that asked for /healthz, with what came back before the server closed it, if it did. */
function ask(port: number): Promise<{ socket: Socket; answer: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let received = '';
    const answer = new Promise<string>((done) => {
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        if (received.includes('\r\n\r\n')) done(received);
      });
      socket.once('close', () => done(received));
    });
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      resolve({ socket, answer });
    });
    socket.once('error', reject);
  });
}

describe.each(databaseKinds())('the connection cap (%s)', (kind) => {
  let t: TestApp;
  let port: number;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, { MAX_CONNECTIONS: '3' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t?.close();
  });

  it('refuses the connection past MAX_CONNECTIONS, and serves again once one closes', async () => {
    // Three connections kept open (HTTP/1.1 keeps them alive), each served.
    const held = await Promise.all([ask(port), ask(port), ask(port)]);
    sockets.push(...held.map((c) => c.socket));
    for (const { answer } of held) expect(await answer).toMatch(/^HTTP\/1\.1 200 /);

    // The fourth is closed as it arrives, unanswered.
    const refused = await ask(port);
    sockets.push(refused.socket);
    expect(await refused.answer).toBe('');
    expect(refused.socket.destroyed).toBe(true);

    // One of the three leaves; the server hears it a moment later, then takes a new one.
    held[0]!.socket.end();
    let served = '';
    for (let attempt = 0; attempt < 100 && !served.startsWith('HTTP/1.1 200 '); attempt++) {
      const next = await ask(port);
      sockets.push(next.socket);
      served = await next.answer;
      if (!served) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(served).toMatch(/^HTTP\/1\.1 200 /);
    // Full again.
    const past = await ask(port);
    sockets.push(past.socket);
    expect(await past.answer).toBe('');
  });
});
