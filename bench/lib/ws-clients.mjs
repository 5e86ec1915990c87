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
import WebSocket from 'ws';

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

function openOne(url) {
  return new Promise((resolve) => {
    // These clients stand for browsers on other machines, yet share this one's cores with the
    // servers they measure: they do as little as they can per message (no UTF-8 check of the text,
    // compared as bytes), so that the figures are more the servers' and less their own.
    const socket = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    const index = sockets.length;
    sockets.push(socket);
    let first = true;
    socket.on('message', (data) => {
      if (first) {
        first = false;
        resolve(true);
      }
      onMessage(index, data);
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
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
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
