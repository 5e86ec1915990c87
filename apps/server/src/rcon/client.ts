// The RCON connection staff commands travel over (DESIGN.md section 4 "Staff commands"): the Source
// RCON protocol as Minecraft speaks it, on one persistent, authenticated connection.
//
// Packet: int32 LE length (of what follows), int32 LE request id, int32 LE type, body, two NULs.
// Types: SERVERDATA_AUTH 3, answered by SERVERDATA_AUTH_RESPONSE 2 with our id (id -1: wrong
// password); SERVERDATA_EXECCOMMAND 2, answered by SERVERDATA_RESPONSE_VALUE 0 packets with our id.
//
// Why not an npm client: the ones available (rcon-client) resolve a command with its first packet,
// so an answer longer than 4096 bytes is cut; staff need the whole of `help` or `list`.
//
// A long answer comes in several packets and nothing says which is the last. The standard technique:
// after the command, send an empty SERVERDATA_RESPONSE_VALUE with another id. Source servers mirror
// it and a Minecraft server answers any such packet with "Unknown request 0", in both cases only
// after every packet of the command: its answer marks the end. The marker is sent once the first
// packet of the answer has arrived, not together with the command, because a vanilla server reads
// one packet per read (1460 bytes at most) and drops the connection when a read holds two.
import { connect, type Socket } from 'node:net';

export const PacketType = { RESPONSE_VALUE: 0, EXECCOMMAND: 2, AUTH_RESPONSE: 2, AUTH: 3 } as const;
/** Per step (connecting and signing in, then each command). */
export const RCON_TIMEOUT_MS = 5000;
// Vanilla cuts answers every 4096 characters (up to 16 KB of UTF-8); anything near this is garbage.
const MAX_PACKET_LENGTH = 64 * 1024;
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;
const MIN_PACKET_LENGTH = 10; // id + type + two NULs

export class RconError extends Error {}
/** RCON_PORT or the password is not set: the site has no game server to talk to. */
export class RconNotConfiguredError extends RconError {
  constructor() {
    super('RCON is not configured');
  }
}
/** Refused, reset, closed, unknown host, or a connection that could not be made in time. */
export class RconUnreachableError extends RconError {
  constructor(options?: ErrorOptions) {
    super('The game server is not reachable over RCON', options);
  }
}
export class RconAuthError extends RconError {
  constructor() {
    super('The game server refused the RCON password');
  }
}
/** Connected and signed in, but the answer did not come within the timeout. */
export class RconTimeoutError extends RconError {
  constructor() {
    super('The game server did not answer in time');
  }
}

export interface RconTarget {
  host: string;
  port: number;
  password: string;
}

export interface RconClientOptions {
  /** Read before every command: null when RCON is not configured. A new target means a new connection. */
  target: () => RconTarget | null;
  /**
   * The time limit of each step (connecting and signing in, then each command): RCON_TIMEOUT_MS by
   * default. A function is asked as each step starts.
   */
  timeoutMs?: number | (() => number);
}

/** The connection closed before any of a command's answer came: the server most likely never read it. */
class ClosedBeforeAnswerError extends RconUnreachableError {}

interface Packet {
  id: number;
  type: number;
  body: Buffer;
}

export function encodePacket(id: number, type: number, body: string): Buffer {
  const payload = Buffer.from(body, 'utf8');
  const packet = Buffer.alloc(payload.length + 14);
  packet.writeInt32LE(payload.length + 10, 0);
  packet.writeInt32LE(id, 4);
  packet.writeInt32LE(type, 8);
  payload.copy(packet, 12);
  return packet;
}

/** Cuts a byte stream into packets, whichever way TCP split or joined them. */
class PacketReader {
  private buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Packet[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const packets: Packet[] = [];
    while (this.buffer.length >= 4) {
      const length = this.buffer.readInt32LE(0);
      if (length < MIN_PACKET_LENGTH || length > MAX_PACKET_LENGTH) {
        throw new Error(`malformed RCON packet (length ${length})`);
      }
      if (this.buffer.length < 4 + length) break;
      // The body is a NUL-terminated string: whatever follows its first NUL is padding.
      const raw = this.buffer.subarray(12, 4 + length);
      const nul = raw.indexOf(0);
      packets.push({
        id: this.buffer.readInt32LE(4),
        type: this.buffer.readInt32LE(8),
        body: Buffer.from(nul === -1 ? raw : raw.subarray(0, nul)),
      });
      this.buffer = this.buffer.subarray(4 + length);
    }
    return packets;
  }
}

interface Waiter {
  onPacket(packet: Packet): void;
  onClose(error: Error): void;
}

/** One TCP connection: at most one exchange (sign-in or command) at a time. */
class Connection {
  private readonly reader = new PacketReader();
  private waiter: Waiter | null = null;
  private lastId = 0;
  private closedWith: Error | null = null;

  private constructor(
    private readonly socket: Socket,
    readonly key: string,
  ) {
    socket.setNoDelay(true);
    // Notices a peer that vanished without closing (a NAT dropping an idle connection).
    socket.setKeepAlive(true, 60_000);
    socket.on('data', (chunk: Buffer) => {
      let packets: Packet[];
      try {
        packets = this.reader.push(chunk);
      } catch (cause) {
        this.close(new RconUnreachableError({ cause }));
        return;
      }
      for (const packet of packets) this.waiter?.onPacket(packet);
    });
    socket.on('error', (cause) => this.close(new RconUnreachableError({ cause })));
    socket.on('close', () => this.close(new RconUnreachableError({ cause: new Error('connection closed') })));
  }

  /** Connects and signs in. */
  static async open(target: RconTarget, timeoutMs: number): Promise<Connection> {
    const socket = connect({ host: target.host, port: target.port });
    const connection = new Connection(socket, targetKey(target));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new RconUnreachableError({ cause: new Error('connect timed out') })),
          timeoutMs,
        );
        socket.once('connect', () => {
          clearTimeout(timer);
          resolve();
        });
        connection.waiter = {
          onPacket: () => {},
          onClose: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
      });
      connection.waiter = null;
      await connection.authenticate(target.password, timeoutMs);
      return connection;
    } catch (error) {
      connection.destroy();
      throw error;
    }
  }

  get isOpen(): boolean {
    return this.closedWith === null && !this.socket.destroyed;
  }

  destroy(): void {
    this.close(new RconUnreachableError({ cause: new Error('connection closed by the site') }));
  }

  private close(error: Error): void {
    if (this.closedWith) return;
    this.closedWith = error;
    this.socket.destroy();
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.onClose(error);
  }

  private nextId(): number {
    // Positive int32 ids; -1 is the server's "not signed in".
    this.lastId = this.lastId >= 0x7fffffff ? 1 : this.lastId + 1;
    return this.lastId;
  }

  private write(id: number, type: number, body: string): void {
    this.socket.write(encodePacket(id, type, body));
  }

  /** Sends with `start`, feeds answers to `onPacket` until it settles, the timeout, or a close. */
  private exchange<T>(
    timeoutMs: number,
    start: () => void,
    /** Called with each packet, and with null when the connection closes before it settled. */
    onPacket: (packet: Packet | null, done: (value: T) => void, fail: (error: Error) => void) => void,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closedWith) return reject(this.closedWith);
      const settle = () => {
        clearTimeout(timer);
        this.waiter = null;
      };
      const timer = setTimeout(() => {
        settle();
        reject(new RconTimeoutError());
        // Whatever the server sends later would be out of step: start afresh next time.
        this.destroy();
      }, timeoutMs);
      const done = (value: T) => {
        settle();
        resolve(value);
      };
      const fail = (error: Error) => {
        settle();
        reject(error);
        this.destroy();
      };
      this.waiter = {
        onPacket: (packet) => onPacket(packet, done, fail),
        onClose: () => onPacket(null, done, fail),
      };
      start();
    });
  }

  private authenticate(password: string, timeoutMs: number): Promise<void> {
    const id = this.nextId();
    return this.exchange<void>(
      timeoutMs,
      () => this.write(id, PacketType.AUTH, password),
      (packet, done, fail) => {
        if (packet === null) return fail(this.closedWith!);
        // Source servers send an empty RESPONSE_VALUE before the AUTH_RESPONSE: skip it.
        if (packet.type !== PacketType.AUTH_RESPONSE) return;
        if (packet.id === -1) fail(new RconAuthError());
        else if (packet.id === id) done();
      },
    );
  }

  execute(command: string, timeoutMs: number): Promise<string> {
    const id = this.nextId();
    const endId = this.nextId();
    const parts: Buffer[] = [];
    let size = 0;
    let markerSent = false;
    return this.exchange<string>(
      timeoutMs,
      () => this.write(id, PacketType.EXECCOMMAND, command),
      (packet, done, fail) => {
        if (packet === null) {
          return fail(
            markerSent ? this.closedWith! : new ClosedBeforeAnswerError({ cause: this.closedWith }),
          );
        }
        if (packet.id === -1) return fail(new RconAuthError());
        if (packet.id === id) {
          size += packet.body.length;
          if (size > MAX_OUTPUT_BYTES) {
            return fail(new RconUnreachableError({ cause: new Error('answer too long') }));
          }
          parts.push(packet.body);
          if (!markerSent) {
            markerSent = true;
            this.write(endId, PacketType.RESPONSE_VALUE, '');
          }
        } else if (packet.id === endId) {
          // Joined before decoding, so a character cut between two packets comes out whole.
          done(Buffer.concat(parts).toString('utf8'));
        }
        // Any other id answers an earlier exchange (a Source server's second end packet): ignored.
      },
    );
  }
}

export const RCON_STATES = ['connected', 'disconnected', 'not_configured'] as const;
export type RconState = (typeof RCON_STATES)[number];

const targetKey = (target: RconTarget) => JSON.stringify([target.host, target.port, target.password]);

/**
 * Sends commands one at a time over one connection, opened on first use and again, once, by the
 * next command after the game server closed it (a restart) or after a failure.
 */
export class RconClient {
  private connection: Connection | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** Commands sent and not yet settled. */
  private pending = 0;
  private closed = false;

  constructor(private readonly options: RconClientOptions) {}

  private get timeoutMs(): number {
    const limit = this.options.timeoutMs ?? RCON_TIMEOUT_MS;
    return typeof limit === 'function' ? limit() : limit;
  }

  /**
   * For the metrics: not_configured without a target, connected while the connection (opened by the
   * first command) is open, disconnected before that and after the game server closed it.
   */
  get state(): RconState {
    if (this.options.target() === null) return 'not_configured';
    return this.connection?.isOpen ? 'connected' : 'disconnected';
  }

  /** The command's whole output. Rejects with one of the RconError classes above. */
  send(command: string): Promise<string> {
    // A command waits its turn for at most one timeout, and is not sent once that has passed:
    // behind a game server that stopped answering, each queued command would otherwise wait out
    // every earlier command's timeout in turn, and the staff member last in line for minutes. One
    // sent to an idle client has no turn to wait for: a pause of this process (a busy machine)
    // must not refuse it unsent.
    const queuedAt = Date.now();
    const behindOthers = this.pending > 0;
    this.pending++;
    const result = this.queue.then(() => {
      if (behindOthers && Date.now() - queuedAt >= this.timeoutMs) throw new RconTimeoutError();
      return this.run(command);
    });
    this.queue = result.catch(() => {});
    const settled = () => {
      this.pending--;
    };
    result.then(settled, settled);
    return result;
  }

  /** Closes the connection; later commands fail as unreachable. */
  async close(): Promise<void> {
    this.closed = true;
    this.connection?.destroy();
    this.connection = null;
    await this.queue;
  }

  private async run(command: string): Promise<string> {
    if (this.closed) throw new RconUnreachableError({ cause: new Error('RCON client closed') });
    const target = this.options.target();
    if (!target) throw new RconNotConfiguredError();
    const idle =
      this.connection?.isOpen && this.connection.key === targetKey(target) ? this.connection : null;
    const connection = idle ?? (await this.reconnect(target));
    try {
      return await connection.execute(command, this.timeoutMs);
    } catch (error) {
      // A connection the game server closed while it sat idle (a restart) that we learn about only
      // now is opened again, once. Any other failure is not retried: once a command has been
      // answered in part or has timed out the server may have run it, and a `give` must not run twice.
      if (!(idle && error instanceof ClosedBeforeAnswerError)) throw error;
      return (await this.reconnect(target)).execute(command, this.timeoutMs);
    }
  }

  private async reconnect(target: RconTarget): Promise<Connection> {
    if (this.closed) throw new RconUnreachableError({ cause: new Error('RCON client closed') });
    this.connection?.destroy();
    this.connection = null;
    this.connection = await Connection.open(target, this.timeoutMs).catch((error: unknown) => {
      throw error instanceof RconError ? error : new RconUnreachableError({ cause: error });
    });
    return this.connection;
  }
}
