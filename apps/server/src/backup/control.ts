// The server's control channel: a Unix socket in DATA_DIR (control.sock, mode 0600, removed on close)
// through which `npm run backup` asks the running server for a backup of the embedded database,
// which belongs to that one process. The command line sends one JSON line; the server answers with
// frames (a type byte, a 4-byte length, the payload): D for backup bytes, then K when the backup is
// complete or E with the reason it failed. A connection that ends without K got no backup.
import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Database } from '../db/client.ts';
import { operatorError } from '../errors.ts';
import { put, writeBackup } from './dump.ts';

export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

const DATA = 0x44; // D
const DONE = 0x4b; // K
const ERROR = 0x45; // E
/** A command line that stops reading for this long has gone away: free the database. */
const IDLE_MS = 60_000;

function frame(type: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

export interface ControlLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ControlChannel {
  close(): Promise<void>;
}

/** Listens on DATA_DIR/control.sock; the caller holds the DATA_DIR lock, so a socket left there is stale. */
export async function startControlChannel(
  dataDir: string,
  database: Database,
  log: ControlLog,
): Promise<ControlChannel> {
  const path = controlSocketPath(dataDir);
  rmSync(path, { force: true });
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => {});
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    serve(socket, database, log);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    chmodSync(path, 0o600);
  } catch (err) {
    // Without it the site still serves; only `npm run backup` cannot reach it (it says so).
    log.warn({ err, path }, 'control socket unavailable: npm run backup cannot reach this server');
    server.close();
    return { close: async () => {} };
  }
  return {
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections) socket.destroy();
      await closed;
      rmSync(path, { force: true });
    },
  };
}

function serve(socket: Socket, database: Database, log: ControlLog): void {
  let request = '';
  const onData = (chunk: Buffer) => {
    request += chunk.toString('utf8');
    const end = request.indexOf('\n');
    if (end < 0) {
      if (request.length > 1024) socket.destroy();
      return;
    }
    socket.off('data', onData);
    let command: unknown;
    try {
      command = (JSON.parse(request.slice(0, end)) as { command?: unknown }).command;
    } catch {
      command = null;
    }
    if (command !== 'backup') {
      socket.end(frame(ERROR, Buffer.from(`unknown command ${JSON.stringify(command)}`)));
      return;
    }
    void sendBackup(socket, database, log);
  };
  socket.on('data', onData);
}

async function sendBackup(socket: Socket, database: Database, log: ControlLog): Promise<void> {
  const gone = new AbortController();
  socket.once('close', () => gone.abort());
  const frames = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      put(socket, frame(DATA, chunk)).then(() => callback(), callback);
    },
    final(callback) {
      put(socket, frame(DONE, Buffer.alloc(0))).then(() => callback(), callback);
    },
  });
  const started = Date.now();
  try {
    const header = await writeBackup(database.db, database.kind, frames, gone.signal);
    const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
    log.info({ rows, ms: Date.now() - started }, 'backup sent to the command line');
    socket.end();
  } catch (err) {
    if (gone.signal.aborted) return;
    log.error({ err }, 'backup for the command line failed');
    socket.end(frame(ERROR, Buffer.from((err as Error).message)));
  }
}

/** Asks the server listening in DATA_DIR for a backup and writes its bytes into `out` (not ended). */
export function requestBackup(dataDir: string, out: Writable): Promise<void> {
  const path = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let buffered: Buffer = Buffer.alloc(0);
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    socket.on('connect', () => socket.write(`${JSON.stringify({ command: 'backup' })}\n`));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      finish(
        err.code === 'ENOENT' || err.code === 'ECONNREFUSED'
          ? operatorError(
              `The server using ${dataDir} does not answer on ${path}. Is it a version without the control channel? Restart it, or stop it and run the backup again.`,
            )
          : err,
      );
    });
    socket.on('close', () =>
      finish(operatorError('The server closed the connection before the backup was complete.')),
    );
    out.on('error', (err) => finish(err));
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      while (buffered.length >= 5) {
        const length = buffered.readUInt32BE(1);
        if (buffered.length < 5 + length) break;
        const type = buffered[0];
        const payload = buffered.subarray(5, 5 + length);
        buffered = buffered.subarray(5 + length);
        if (type === DATA) {
          if (!out.write(payload) && !socket.isPaused()) {
            socket.pause();
            out.once('drain', () => socket.resume());
          }
        } else if (type === DONE) {
          finish();
          return;
        } else {
          finish(operatorError(`The server could not take the backup: ${payload.toString('utf8')}`));
          return;
        }
      }
    });
  });
}
