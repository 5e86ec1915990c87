// The site's RCON client against the simulator's real RCON endpoint, and against two stand-ins for
// real servers' quirks: a vanilla server that reads one packet per read, and a Source server that
// mirrors the end marker. (apps/simulator/src/rcon-server.test.ts talks to the same endpoint with
// the independent rcon-client package from npm.)
import { createServer, type Server, type Socket } from 'node:net';
import { LiveState } from '@prison/simulator/live-state';
import { createCommandHandler } from '@prison/simulator/rcon-commands';
import { HELP_LINES } from '@prison/simulator/rcon-help';
import {
  type CommandHandler,
  encodePacket,
  MAX_RESPONSE_BODY,
  PacketReader,
  type RconServer,
  startRconServer,
} from '@prison/simulator/rcon-server';
import { generateWorld } from '@prison/simulator/world';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  RconAuthError,
  RconClient,
  RconNotConfiguredError,
  type RconTarget,
  RconTimeoutError,
  RconUnreachableError,
} from './client.ts';

const PASSWORD = 'correct-horse-rcon';
const HELP = HELP_LINES.join('\n');
const state = new LiveState(generateWorld({ players: 40, now: Date.UTC(2025, 5, 1) }));
const online = state.players.slice(2, 6);
for (const player of online) state.online.add(player.uuid);
const simulated = createCommandHandler(state);
const LIST = `There are 4 of a max of 500 players online: ${online.map((p) => p.username).join(', ')}`;

// What a test waits for comes in its own time, however busy the machine: the RCON time limit is out
// of the way (the test's own timeout comes first) unless a test is about that limit.
const PATIENT_MS = 5 * 60_000;

const clients: RconClient[] = [];
function clientFor(target: RconTarget | null, timeoutMs: number | (() => number) = PATIENT_MS): RconClient {
  const client = new RconClient({ target: () => target, timeoutMs });
  clients.push(client);
  return client;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

describe('the RCON client against the simulated game server', () => {
  let server: RconServer;
  let hangs = 0;
  const handle: CommandHandler = (command) => {
    if (command !== 'hang') return simulated(command);
    hangs++;
    return new Promise<string>(() => {});
  };
  const target = () => ({ host: '127.0.0.1', port: server.port, password: PASSWORD });

  beforeAll(async () => {
    server = await startRconServer({ port: 0, password: PASSWORD, handle });
  });
  afterAll(() => server.close());

  it('signs in and runs commands, one answer per command', async () => {
    const rcon = clientFor(target());
    expect(await rcon.send('list')).toBe(LIST);
    expect(await rcon.send('say Mine reset in 5 minutes')).toBe('[Server] Mine reset in 5 minutes');
    expect(await rcon.send('fly away')).toBe(
      'Unknown or incomplete command, see below for error\nfly<--[HERE]',
    );
  });

  it('reassembles an answer that spans several packets', async () => {
    expect(Buffer.byteLength(HELP)).toBeGreaterThan(MAX_RESPONSE_BODY);
    const rcon = clientFor(target());
    expect(await rcon.send('help')).toBe(HELP);
    // The connection is still in step: the next answer is the next command's.
    expect(await rcon.send('list')).toBe(LIST);
  });

  it('runs commands sent at once one after another, each with its own answer', async () => {
    const rcon = clientFor(target());
    const said = await Promise.all(Array.from({ length: 8 }, (_, i) => rcon.send(`say ${i}`)));
    expect(said).toEqual(Array.from({ length: 8 }, (_, i) => `[Server] ${i}`));
    const [help, list] = await Promise.all([rcon.send('help'), rcon.send('list')]);
    expect(help).toBe(HELP);
    expect(list).toBe(LIST);
  });

  it('refuses a wrong password with a typed error', async () => {
    const rcon = clientFor({ ...target(), password: 'not-the-password' });
    const error = await rcon.send('list').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RconAuthError);
    expect((error as Error).message).toBe('The game server refused the RCON password');
  });

  it('times out on a command the server never answers, then reconnects for the next', async () => {
    // A short limit for the command that is never answered, and only for it: connecting, signing in
    // and the command after take what they take.
    let limit = PATIENT_MS;
    const rcon = clientFor(target(), () => limit);
    expect(await rcon.send('list')).toBe(LIST);
    limit = 100;
    const error = await rcon.send('hang').catch((e: unknown) => e);
    limit = PATIENT_MS;
    expect(error).toBeInstanceOf(RconTimeoutError);
    expect((error as Error).message).toBe('The game server did not answer in time');
    // It was sent before the limit ran out: the server reads it, whenever it gets to it.
    await vi.waitFor(() => expect(hangs).toBe(1), { timeout: PATIENT_MS });
    expect(await rcon.send('list')).toBe(LIST);
    // Not sent again: the server may have run it.
    expect(hangs).toBe(1);
  });

  it('sends a command to an idle client however long this process was held up before it', async () => {
    const rcon = clientFor(target());
    expect(await rcon.send('list')).toBe(LIST);
    // This process stops for an hour (a busy machine) between the send and its turn, which came at
    // once: the command had nothing to wait for, so it is sent.
    const now = Date.now();
    const said = rcon.send('say still here');
    vi.spyOn(Date, 'now').mockReturnValue(now + 3_600_000);
    try {
      expect(await said).toBe('[Server] still here');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('says when RCON is not configured', async () => {
    const error = await clientFor(null)
      .send('list')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RconNotConfiguredError);
    expect((error as Error).message).toBe('RCON is not configured');
  });
});

describe('the RCON client when the game server goes away', () => {
  it('fails as unreachable while the server is down and reconnects once it is back', async () => {
    let server = await startRconServer({ port: 0, password: PASSWORD, handle: simulated });
    const port = server.port;
    const rcon = clientFor({ host: '127.0.0.1', port, password: PASSWORD });
    try {
      expect(await rcon.send('list')).toBe(LIST);

      // A restart: the connection is closed under the client, then the server listens again.
      await server.close();
      server = await startRconServer({ port, password: PASSWORD, handle: simulated });
      expect(await rcon.send('list')).toBe(LIST);
      expect(await rcon.send('help')).toBe(HELP);

      // The same once the client has noticed the close before the next command.
      await server.close();
      await vi.waitFor(() => expect(rcon.state).toBe('disconnected'), { timeout: PATIENT_MS });
      server = await startRconServer({ port, password: PASSWORD, handle: simulated });
      expect(await rcon.send('list')).toBe(LIST);

      await server.close();
      const error = await rcon.send('list').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RconUnreachableError);
      expect((error as Error).message).toBe('The game server is not reachable over RCON');
      // Still down: every command fails the same way, quickly.
      await expect(rcon.send('tps')).rejects.toBeInstanceOf(RconUnreachableError);

      server = await startRconServer({ port, password: PASSWORD, handle: simulated });
      expect(await rcon.send('say back')).toBe('[Server] back');
    } finally {
      await server.close();
    }
  });

  it('fails as unreachable when nothing listens', async () => {
    const closed = await startRconServer({ port: 0, password: PASSWORD, handle: simulated });
    await closed.close();
    const rcon = clientFor({ host: '127.0.0.1', port: closed.port, password: PASSWORD });
    await expect(rcon.send('list')).rejects.toBeInstanceOf(RconUnreachableError);
  });
});

/** A bare RCON server: `answer` gets each packet and writes back whatever it likes. */
async function fakeServer(
  answer: (socket: Socket, packet: { id: number; type: number; body: string }, chunk: Buffer) => void,
): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const reader = new PacketReader();
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      for (const packet of reader.push(chunk)) answer(socket, packet, chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Output cut every 4096 characters, as vanilla's RconClient.respond does. */
function respond(socket: Socket, id: number, output: string) {
  for (let start = 0; start === 0 || start < output.length; start += 4096) {
    socket.write(encodePacket(id, 0, output.slice(start, start + 4096)));
  }
}

describe('the RCON client with real servers’ quirks', () => {
  it('works with a vanilla server, which drops the connection when one read holds two packets', async () => {
    let dropped = 0;
    const vanilla = await fakeServer((socket, { id, type, body }, chunk) => {
      if (socket.destroyed) return;
      // Vanilla reads up to 1460 bytes and gives up unless they are exactly one packet.
      if (chunk.readInt32LE(0) !== chunk.length - 4) {
        dropped++;
        socket.destroy();
        return;
      }
      if (type === 3) socket.write(encodePacket(body === PASSWORD ? id : -1, 2));
      else if (type === 2) respond(socket, id, simulated(body));
      else respond(socket, id, `Unknown request ${type.toString(16)}`);
    });
    try {
      const rcon = clientFor({ host: '127.0.0.1', port: vanilla.port, password: PASSWORD });
      for (let i = 0; i < 5; i++) {
        expect(await rcon.send('help')).toBe(HELP);
        expect(await rcon.send('list')).toBe(LIST);
      }
      expect(dropped).toBe(0);

      // The stand-in is as strict as claimed: a command and its marker in one write are dropped.
      const { connect } = await import('node:net');
      const raw = connect(vanilla.port, '127.0.0.1');
      await new Promise((resolve) => raw.once('connect', resolve));
      raw.write(Buffer.concat([encodePacket(1, 3, PASSWORD), encodePacket(2, 0, '')]));
      await new Promise((resolve) => raw.once('close', resolve));
      expect(dropped).toBe(1);
    } finally {
      await vanilla.close();
    }
  });

  it('works with a Source server, which mirrors the end marker and sends an extra packet after it', async () => {
    const source = await fakeServer((socket, { id, type, body }) => {
      if (type === 3) {
        // SRCDS sends an empty RESPONSE_VALUE before the AUTH_RESPONSE.
        socket.write(encodePacket(id, 0));
        socket.write(encodePacket(body === PASSWORD ? id : -1, 2));
      } else if (type === 2) {
        respond(socket, id, simulated(body));
      } else if (type === 0) {
        socket.write(encodePacket(id, 0));
        socket.write(encodePacket(id, 0, Buffer.from([0, 0, 0, 1])));
      }
    });
    try {
      const rcon = clientFor({ host: '127.0.0.1', port: source.port, password: PASSWORD });
      expect(await rcon.send('help')).toBe(HELP);
      expect(await rcon.send('say one')).toBe('[Server] one');
      expect(await rcon.send('say two')).toBe('[Server] two');
      const wrong = clientFor({ host: '127.0.0.1', port: source.port, password: 'nope' });
      await expect(wrong.send('list')).rejects.toBeInstanceOf(RconAuthError);
    } finally {
      await source.close();
    }
  });
});
