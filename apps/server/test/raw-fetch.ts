// Requests over a real connection, for answers that do not go through Fastify's inject (the fast
// lane answers ahead of Fastify, on the listening server only).
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** One request over a real connection: status, headers and the body's bytes as sent. */
export function fetchRaw(url: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Headers that describe the connection rather than the answer. */
export function answerHeaders(headers: IncomingHttpHeaders | Record<string, unknown>) {
  const { date: _d, connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...rest } = headers;
  return rest;
}
