// Many WebSocket clients of one feed in one process, driven over IPC by bench/live.mjs (not a
// benchmark itself). Messages from the parent:
//   {type: 'open', url, count, batch}    open `count` sockets, `batch` at a time, each waiting for
//                                        its first message; answers {type: 'opened', open, failed, ms}
//   {type: 'expect', text, timeoutMs}    note when each socket receives exactly `text`; answers
//                                        {type: 'armed'} at once, then {type: 'received', times}
//                                        (epoch ms, with fractions; null
//                                        for a socket that had not received it after timeoutMs)
//   {type: 'close'}                      closes every socket and exits
// Received messages are compared as bytes, not parsed, so the time noted is as close as this process
// can get to when the bytes arrived.
//
// The clients stand for browsers on other machines, yet share this one's cores with the servers they
// measure, so they do as little as they can per message: each is a minimal client of the WebSocket
// protocol (RFC 6455) on a plain TCP socket, which reads the server's frames as each read completes
// (no stream between the socket and the frame, no UTF-8 check) and answers pings. The `ws`
// library's client, through which each message passes a writable stream and two events, took
// about 1.7 times the CPU per message (see live-notes.md).
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';

const sockets = [];
const now = () => performance.timeOrigin + performance.now();
let expected = null;
let times = [];
let pending = 0;
let done = null;

function onMessage(index, data) {
  if (expected === null || times[index] !== null) return;
  if (!data.equals(expected)) return;
  times[index] = now();
  if (--pending === 0) done?.();
}

const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);
const OPCODE = { text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa };

/** A client's frame is masked (RFC 6455 5.3); the all-zero mask leaves the payload as it is. */
function clientFrame(opcode, payload) {
  if (payload.length > 125) throw new Error('control frames carry at most 125 bytes');
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

/**
 * Reads the complete frames at the start of `buffer`, hands each message's payload to `onFrame`,
 * and returns the bytes of a frame not yet complete (or null). Frames from a server are unmasked.
 */
function readFrames(buffer, onFrame) {
  let offset = 0;
  while (buffer.length - offset >= 2) {
    const first = buffer[offset];
    const second = buffer[offset + 1];
    if (second & 0x80) throw new Error('the server sent a masked frame');
    let length = second & 0x7f;
    let start = offset + 2;
    if (length === 126) {
      if (buffer.length < start + 2) break;
      length = buffer.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      if (buffer.length < start + 8) break;
      length = Number(buffer.readBigUInt64BE(start));
      start += 8;
    }
    if (buffer.length < start + length) break;
    if (!(first & 0x80)) throw new Error('the server sent a fragmented message');
    onFrame(first & 0x0f, buffer.subarray(start, start + length));
    offset = start + length;
  }
  return offset === buffer.length ? null : buffer.subarray(offset);
}

function openOne(url) {
  return new Promise((resolve) => {
    const { hostname, port, pathname, search, host } = new URL(url);
    const onData = (chunk) => {
      try {
        if (handshake !== null) {
          // The server's answer to the upgrade: "HTTP/1.1 101 Switching Protocols", headers, a blank line.
          handshake = Buffer.concat([handshake, chunk]);
          const end = handshake.indexOf('\r\n\r\n');
          if (end < 0) return;
          if (!handshake.subarray(0, end).toString('latin1').startsWith('HTTP/1.1 101 ')) return fail();
          chunk = handshake.subarray(end + 4);
          handshake = null;
          if (chunk.length === 0) return;
        }
        const partial = readFrames(rest ? Buffer.concat([rest, chunk]) : chunk, onFrame);
        // Copied: the bytes read are in the buffer every socket of this process reads into.
        rest = partial && Buffer.from(partial);
      } catch {
        fail();
      }
    };
    // Read straight into one buffer shared by every socket of the process, handed over as each read
    // completes: no Buffer made and no `data` event emitted per read.
    const socket = connect({
      host: hostname,
      port: Number(port),
      noDelay: true,
      onread: { buffer: READ_BUFFER, callback: (bytes, buffer) => onData(buffer.subarray(0, bytes)) },
    });
    const index = sockets.length;
    sockets.push(socket);
    let handshake = Buffer.alloc(0);
    let rest = null;
    let first = true;
    const fail = () => {
      socket.destroy();
      resolve(false);
    };
    const onFrame = (opcode, payload) => {
      if (opcode === OPCODE.ping) socket.write(clientFrame(OPCODE.pong, payload));
      else if (opcode === OPCODE.close) socket.end();
      else if (opcode === OPCODE.text || opcode === OPCODE.binary) {
        if (first) {
          first = false;
          resolve(true);
        }
        onMessage(index, payload);
      }
    };
    socket.on('error', fail);
    socket.on('close', () => resolve(false));
    socket.write(
      `GET ${pathname}${search} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

process.on('message', async (message) => {
  if (message.type === 'open') {
    const started = now();
    let open = 0;
    let failed = 0;
    for (let i = 0; i < message.count; i += message.batch) {
      const batch = Array.from({ length: Math.min(message.batch, message.count - i) }, () =>
        openOne(message.url),
      );
      for (const ok of await Promise.all(batch)) {
        if (ok) open++;
        else failed++;
      }
    }
    process.send({ type: 'opened', open, failed, ms: now() - started });
  } else if (message.type === 'expect') {
    times = sockets.map(() => null);
    pending = sockets.length;
    expected = Buffer.from(message.text);
    process.send({ type: 'armed' });
    await new Promise((resolve) => {
      done = resolve;
      setTimeout(resolve, message.timeoutMs);
    });
    done = null;
    expected = null;
    process.send({ type: 'received', times });
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
