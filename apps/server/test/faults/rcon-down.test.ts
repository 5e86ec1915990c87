// Issue 8: the game server's RCON down. Staff commands answer 503 with a clear detail without
// hanging (nothing listening; a game server that accepts connections but never answers; the
// simulator's RCON endpoint stopped mid-way), the rest of the site answers as usual meanwhile, and
// commands work again once RCON is back.
import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { LiveState } from '@prison/simulator/live-state';
import { createCommandHandler } from '@prison/simulator/rcon-commands';
import { type RconServer, startRconServer } from '@prison/simulator/rcon-server';
import { generateWorld } from '@prison/simulator/world';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RCON_TIMEOUT_MS } from '../../src/rcon/client.ts';
import { createTestApp, databaseKinds, grantRoles, newPlayer, signIn, type TestApp } from '../helpers.ts';
import { type Answer, call, freePort, postBatch } from './fault-kit.ts';

const PASSWORD = 'fault-test-rcon-password';
const UNREACHABLE = 'The game server is not reachable over RCON';
// Long enough for one RCON timeout and then some; a command queued behind others must not wait
// for each of them in turn.
const COMMAND_PATIENCE_MS = 3 * RCON_TIMEOUT_MS;

const world = new LiveState(generateWorld({ players: 20, now: Date.UTC(2025, 5, 1) }));
const handle = createCommandHandler(world);

/** A game server that accepts RCON connections and then never answers (hung, or stopped with SIGSTOP). */
async function silentServer(port: number): Promise<{ close(): Promise<void>; connections: () => number }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject).listen(port, '127.0.0.1', () => resolve());
  });
  return {
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.each(databaseKinds())('the game server’s RCON down, on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let rconPort: number;
  let staffToken: string;
  let rcon: RconServer | undefined;
  const staff = newPlayer({ username: 'FaultAdmin' });

  beforeAll(async () => {
    rconPort = await freePort();
    t = await createTestApp(kind, { RCON_PORT: String(rconPort), RCON_PASSWORD: PASSWORD });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const seeded = await postBatch(url, [
      staff.join,
      { id: randomUUID(), type: 'server.status', online: 4, max_online: 100 },
    ]);
    expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);
    await grantRoles(t.db, staff.uuid, ['ADMIN']);
    staffToken = await signIn(t.db, staff.uuid);
  });
  // Each test starts with nothing listening on the RCON port.
  afterEach(async () => {
    await rcon?.close();
    rcon = undefined;
  });
  afterAll(async () => {
    await t?.close();
  });

  const command = (text: string) =>
    call<{ detail?: string; output?: string }>(`${url}/api/admin/command`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staffToken}` },
      body: { command: text },
      timeoutMs: COMMAND_PATIENCE_MS,
    });

  /** The public site and the bridge, which need neither RCON nor anything RCON holds. */
  async function siteAnswers(): Promise<Answer[]> {
    const viewer = newPlayer();
    return Promise.all([
      call(`${url}/api/leaderboard`),
      call(`${url}/api/docs`),
      call(`${url}/api/online`),
      call(`${url}/healthz`),
      call(`${url}/readyz`),
      postBatch(url, [viewer.join, { id: randomUUID(), type: 'player.quit', uuid: viewer.uuid }]),
      call(`${url}/api/players/${staff.uuid}`),
      call(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${await signIn(t.db, staff.uuid)}` } }),
    ]);
  }
  const expectSiteFine = (answers: Answer[]) => {
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  it('answers 503 at once when nothing listens on the RCON port, and records it', async () => {
    const [down, site] = await Promise.all([command('list'), siteAnswers()]);
    expect(down).toEqual({ status: 503, body: { detail: UNREACHABLE, code: 'game_server_unavailable' } });
    expectSiteFine(site);
    const audit = await call<{ command: string; error: string | null }[]>(`${url}/api/admin/commands`, {
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(audit.body[0]).toMatchObject({ command: 'list', output: null, error: UNREACHABLE });
  });

  it('answers 503 when the game server stops answering, even for commands sent together', async () => {
    const silent = await silentServer(rconPort);
    try {
      let settled = 0;
      const commands = Promise.all(
        ['list', 'tps', 'say hello'].map((text) =>
          command(text).finally(() => {
            settled++;
          }),
        ),
      );
      // While the commands wait for the game server, the site answers as usual.
      await expect.poll(() => silent.connections(), { timeout: RCON_TIMEOUT_MS }).toBeGreaterThan(0);
      expectSiteFine(await siteAnswers());
      expect(settled).toBe(0);
      for (const answer of await commands) {
        expect(answer.status).toBe(503);
        expect(answer.body.detail).toMatch(
          /^The game server (did not answer in time|is not reachable over RCON)$/,
        );
      }
    } finally {
      await silent.close();
    }
  });

  it('answers 503 once the simulated game server stops, and works again when it is back', async () => {
    rcon = await startRconServer({ port: rconPort, password: PASSWORD, handle });
    const up = await command('list');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.output).toMatch(/^There are \d+ of a max of \d+ players online/);

    await rcon.close();
    rcon = undefined;
    const [down, site] = await Promise.all([command('tps'), siteAnswers()]);
    expect(down).toEqual({ status: 503, body: { detail: UNREACHABLE, code: 'game_server_unavailable' } });
    expectSiteFine(site);

    rcon = await startRconServer({ port: rconPort, password: PASSWORD, handle });
    const back = await command('tps');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.output).toEqual(expect.any(String));
  });
});
