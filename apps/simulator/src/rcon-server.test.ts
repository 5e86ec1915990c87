import { connect, type Socket } from 'node:net';
import { Rcon } from 'rcon-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveState } from './live-state.ts';
import { createCommandHandler } from './rcon-commands.ts';
import { HELP_LINES } from './rcon-help.ts';
import {
  encodePacket,
  MAX_RESPONSE_BODY,
  type Packet,
  PacketReader,
  type RconServer,
  startRconServer,
} from './rcon-server.ts';
import { generateWorld } from './world.ts';

const PASSWORD = 'hunter2-rcon';
const HELP = HELP_LINES.join('\n');
const state = new LiveState(generateWorld({ players: 60, now: Date.UTC(2025, 5, 1) }));
const online = state.players.slice(3, 8);
for (const p of online) state.online.add(p.uuid);
let server: RconServer;

beforeAll(async () => {
  server = await startRconServer({ port: 0, password: PASSWORD, handle: createCommandHandler(state) });
});
afterAll(() => server.close());

const client = (password = PASSWORD) => Rcon.connect({ host: '127.0.0.1', port: server.port, password });

describe('RCON with an independent client (rcon-client)', () => {
  it('logs in with the right password and lists the online players', async () => {
    const rcon = await client();
    try {
      expect(await rcon.send('list')).toBe(
        `There are 5 of a max of 500 players online: ${online.map((p) => p.username).join(', ')}`,
      );
    } finally {
      await rcon.end();
    }
  });

  it('refuses a wrong password', async () => {
    await expect(client('wrong')).rejects.toThrow('Authentication failed');
  });

  it('answers tps, say, give and unknown commands like Paper', async () => {
    const rcon = await client();
    try {
      expect(await rcon.send('tps')).toMatch(/^TPS from last 1m, 5m, 15m: \d+\.\d+, \d+\.\d+, \d+\.\d+$/);
      expect(await rcon.send('say Mine reset in 5 minutes')).toBe('[Server] Mine reset in 5 minutes');
      const name = online[0]!.username;
      expect(await rcon.send(`give ${name} minecraft:diamond_pickaxe`)).toBe(
        `Gave 1 [Diamond Pickaxe] to ${name}`,
      );
      expect(await rcon.send(`give ${name} iron_block 64`)).toBe(`Gave 64 [Iron Block] to ${name}`);
      expect(await rcon.send(`give ${name} unobtainium`)).toMatch(/^Unknown item 'minecraft:unobtainium'/);
      expect(await rcon.send('give NobodyHere diamond')).toBe('No player was found');
      expect(await rcon.send('fly me to the moon')).toBe(
        'Unknown or incomplete command, see below for error\nfly<--[HERE]',
      );
    } finally {
      await rcon.end();
    }
  });

  it('answers LiteBans punishments and pardons as its console does', async () => {
    const rcon = await client();
    try {
      const name = online[1]!.username;
      expect(await rcon.send(`kick ${name} AFK mining`)).toBe(`${name} has been kicked: AFK mining`);
      expect(await rcon.send('tempban DemoPlayer 7d X-ray')).toBe(
        'DemoPlayer has been banned for 7 days: X-ray',
      );
      expect(await rcon.send('/UNBAN demoplayer')).toBe('DemoPlayer has been unbanned');
      expect(await rcon.send('unban DemoPlayer')).toBe('DemoPlayer is not banned');
      expect(await rcon.send('tempmute DemoPlayer soon Spam')).toBe(
        'Invalid duration: soon\nUsage: /tempmute <player> <duration> [-s] [reason]',
      );
      expect(await rcon.send('warn NobodyHere Spam')).toBe('Player not found');
      expect(await rcon.send('plugins')).toMatch(/^Server Plugins \(7\):[\s\S]* - LiteBans, LuckPerms/);
    } finally {
      await rcon.end();
    }
  });

  it('sends help, longer than 4096 bytes, as several packets that reassemble to the whole text', async () => {
    expect(Buffer.byteLength(HELP)).toBeGreaterThan(MAX_RESPONSE_BODY);
    const rcon = await client();
    try {
      // rcon-client resolves a command with its first packet; the tap sees every packet.
      const reader = new PacketReader(MAX_RESPONSE_BODY + 10);
      const packets: Packet[] = [];
      rcon.socket!.on('data', (chunk: Buffer) => packets.push(...reader.push(chunk)));
      const first = await rcon.send('help');
      // The server answers in order: once the next command is answered, help is complete.
      await rcon.send('tps');
      const helpId = packets.find((p) => p.body === first)!.id;
      const help = packets.filter((p) => p.id === helpId);
      expect(help.length).toBeGreaterThanOrEqual(2);
      expect(help.every((p) => p.type === 0)).toBe(true);
      expect(Buffer.byteLength(first)).toBe(MAX_RESPONSE_BODY);
      expect(help.map((p) => p.body).join('')).toBe(HELP);
    } finally {
      await rcon.end();
    }
  });
});

/** A bare socket, to control exactly how bytes are cut. */
async function rawSocket(): Promise<{ socket: Socket; next: () => Promise<Packet>; closed: Promise<void> }> {
  const socket = connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const reader = new PacketReader(MAX_RESPONSE_BODY + 10);
  const queue: Packet[] = [];
  const waiting: ((p: Packet) => void)[] = [];
  socket.on('data', (chunk) => {
    for (const packet of reader.push(chunk)) {
      const waiter = waiting.shift();
      if (waiter) waiter(packet);
      else queue.push(packet);
    }
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const next = () => {
    const ready = queue.shift();
    return ready ? Promise.resolve(ready) : new Promise<Packet>((resolve) => waiting.push(resolve));
  };
  return { socket, next, closed };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RCON wire handling', () => {
  it('reassembles a packet split mid-way and answers several packets sent in one write', async () => {
    const { socket, next } = await rawSocket();
    try {
      const login = encodePacket(7, 3, PASSWORD);
      socket.write(login.subarray(0, 6));
      await pause(30);
      socket.write(login.subarray(6, 15));
      await pause(30);
      socket.write(login.subarray(15));
      expect(await next()).toEqual({ id: 7, type: 2, body: '' });

      socket.write(
        Buffer.concat([encodePacket(8, 2, 'list'), encodePacket(9, 2, 'tps'), encodePacket(10, 2, 'say hi')]),
      );
      const list = await next();
      expect(list).toMatchObject({ id: 8, type: 0 });
      expect(list.body).toMatch(/^There are \d+ of a max of 500 players online: /);
      expect(await next()).toMatchObject({ id: 9, type: 0, body: expect.stringMatching(/^TPS from last/) });
      expect(await next()).toEqual({ id: 10, type: 0, body: '[Server] hi' });
    } finally {
      socket.destroy();
    }
  });

  it('answers an unknown packet type like vanilla, which marks the end of a long answer', async () => {
    const { socket, next } = await rawSocket();
    try {
      socket.write(encodePacket(1, 3, PASSWORD));
      await next();
      socket.write(Buffer.concat([encodePacket(2, 2, 'help'), encodePacket(3, 0, '')]));
      const parts: string[] = [];
      for (let packet = await next(); packet.id !== 3; packet = await next()) {
        expect(packet.id).toBe(2);
        parts.push(packet.body);
      }
      expect(parts.length).toBeGreaterThanOrEqual(2);
      expect(parts.join('')).toBe(HELP);
    } finally {
      socket.destroy();
    }
  });

  it('refuses commands before login with id -1', async () => {
    const { socket, next } = await rawSocket();
    try {
      socket.write(encodePacket(5, 2, 'list'));
      expect(await next()).toEqual({ id: -1, type: 2, body: '' });
      socket.write(encodePacket(6, 3, 'nope'));
      expect(await next()).toEqual({ id: -1, type: 2, body: '' });
    } finally {
      socket.destroy();
    }
  });

  it('closes the connection on an oversized packet', async () => {
    const { socket, closed } = await rawSocket();
    const header = Buffer.alloc(12);
    header.writeInt32LE(1_000_000, 0);
    socket.write(header);
    await expect(closed).resolves.toBeUndefined();
  });
});
