// A Minecraft RCON endpoint (the Source RCON protocol as the vanilla server speaks it), so the site
// can send staff commands to the simulated server exactly as it would to a real one.
//
// Packet: int32 LE length (of what follows), int32 LE request id, int32 LE type, body, two NULs.
// Types: 3 login, 2 command (and the login answer), 0 command output. A wrong password is answered
// with id -1. Output longer than 4096 bytes goes out in several packets with the same id; like
// vanilla, any other packet type is answered "Unknown request <hex>", which clients send after a
// command to know when its output is complete.
import { createServer, type Socket } from 'node:net';
import type { SimulatorLog } from './log.ts';

export const PacketType = { RESPONSE: 0, COMMAND: 2, AUTH_RESPONSE: 2, LOGIN: 3 } as const;
/** Largest body of one response packet, as in vanilla. */
export const MAX_RESPONSE_BODY = 4096;
/** Largest accepted length field: the Source RCON limit for a request. */
export const MAX_REQUEST_LENGTH = 4096;
const MIN_LENGTH = 10; // id + type + two NULs

export interface Packet {
  id: number;
  type: number;
  body: string;
}

export function encodePacket(id: number, type: number, body: string | Buffer = ''): Buffer {
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const packet = Buffer.alloc(payload.length + 14);
  packet.writeInt32LE(payload.length + 10, 0);
  packet.writeInt32LE(id, 4);
  packet.writeInt32LE(type, 8);
  payload.copy(packet, 12);
  return packet;
}

export class OversizedPacketError extends Error {}

/** Reassembles packets from a byte stream: several per chunk, or one spread over many chunks. */
export class PacketReader {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly maxLength = MAX_REQUEST_LENGTH) {}

  push(chunk: Buffer): Packet[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const packets: Packet[] = [];
    while (this.buffer.length >= 4) {
      const length = this.buffer.readInt32LE(0);
      if (length < MIN_LENGTH || length > this.maxLength)
        throw new OversizedPacketError(`bad packet length ${length}`);
      if (this.buffer.length < 4 + length) break;
      const raw = this.buffer.subarray(12, 4 + length - 2);
      const nul = raw.indexOf(0);
      packets.push({
        id: this.buffer.readInt32LE(4),
        type: this.buffer.readInt32LE(8),
        body: (nul === -1 ? raw : raw.subarray(0, nul)).toString('utf8'),
      });
      this.buffer = this.buffer.subarray(4 + length);
    }
    return packets;
  }
}

/** Splits output into bodies of at most `max` bytes without cutting a UTF-8 character. */
export function splitBody(text: string, max = MAX_RESPONSE_BODY): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return [bytes];
  const parts: Buffer[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(bytes.length, start + max);
    while (end < bytes.length && end > start && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end));
    start = end;
  }
  return parts;
}

export type CommandHandler = (command: string) => string | Promise<string>;

export interface RconServerOptions {
  host?: string;
  /** 0 picks a free port. */
  port: number;
  password: string;
  handle: CommandHandler;
  log?: SimulatorLog;
}

export interface RconServer {
  port: number;
  close(): Promise<void>;
}

export async function startRconServer(options: RconServerOptions): Promise<RconServer> {
  if (!options.password) throw new Error('RCON needs a password (vanilla refuses to start without one)');
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, options);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function serve(socket: Socket, options: RconServerOptions) {
  const reader = new PacketReader();
  let authenticated = false;
  // Packets are answered strictly in order, even when a command takes a while.
  let queue = Promise.resolve();
  socket.setNoDelay(true);
  socket.setTimeout(15 * 60_000, () => socket.destroy());
  socket.on('error', () => socket.destroy());

  const answer = async ({ id, type, body }: Packet) => {
    if (type === PacketType.LOGIN) {
      authenticated = body === options.password;
      if (!authenticated)
        options.log?.warn({ remote: socket.remoteAddress }, 'RCON login with a wrong password');
      write(encodePacket(authenticated ? id : -1, PacketType.AUTH_RESPONSE));
    } else if (type === PacketType.COMMAND) {
      if (!authenticated) return write(encodePacket(-1, PacketType.AUTH_RESPONSE));
      let output: string;
      try {
        output = await options.handle(body);
      } catch (error) {
        options.log?.error({ command: body, error: (error as Error).message }, 'RCON command failed');
        output = 'An unexpected error occurred trying to execute that command';
      }
      for (const part of splitBody(output)) write(encodePacket(id, PacketType.RESPONSE, part));
    } else {
      write(encodePacket(id, PacketType.RESPONSE, `Unknown request ${type.toString(16)}`));
    }
  };
  const write = (packet: Buffer) => {
    if (!socket.destroyed) socket.write(packet);
  };

  socket.on('data', (chunk) => {
    let packets: Packet[];
    try {
      packets = reader.push(chunk);
    } catch {
      // An oversized or malformed length: the stream cannot be trusted any more.
      socket.destroy();
      return;
    }
    for (const packet of packets) queue = queue.then(() => answer(packet));
  });
}
