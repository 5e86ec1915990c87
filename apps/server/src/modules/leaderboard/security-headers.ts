// @fastify/helmet builds helmet's middleware again for every request (re-parsing the whole
// Content-Security-Policy each time): on a route that answers in microseconds that was half of the
// work. A hot route opts out (`helmet: false`) and replays the site's security headers instead:
// helmet sets them once, with the site's own configuration, and the same values go on every answer.
import type { FastifyReply } from 'fastify';

type Headers = Record<string, string | number | string[]>;

export function cachedSecurityHeaders(): (reply: FastifyReply) => void {
  let headers: Headers | null = null;
  return (reply) => {
    if (headers) {
      reply.headers(headers);
      return;
    }
    const before = new Set(reply.raw.getHeaderNames());
    // The decorator @fastify/helmet gives every reply, with the site-wide options.
    reply.helmet();
    const raw = reply.raw.getHeaders();
    headers = Object.fromEntries(
      Object.entries(raw).filter(
        (entry): entry is [string, string | number | string[]] =>
          !before.has(entry[0]) && entry[1] !== undefined,
      ),
    );
  };
}
