// Pages go out compressed. The site-wide compression (app.ts, @fastify/compress) is attached to
// routes, and the pages are answered by the not-found handler (every address outside /api and /ws
// is the app's), which it never reaches: a page's HTML, a few hundred KB once the enchant catalogue
// is rendered into it, went out as it was. Here each distinct page (by its content's ETag) is
// compressed once per encoding on zlib's thread pool, so that no request's compression holds up the
// others, and kept while it is asked for.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type BodyEncoding,
  COMPRESS_FROM_BYTES,
  type CompressionLevels,
  compress,
  preferredEncoding,
} from '../live/encoded-body.ts';
import { Lru } from '../lru.ts';
import { etagOf, ifNoneMatch } from './etag.ts';

const KEPT_PAGES = 512;
const KEPT_BYTES = 32 * 1024 * 1024;
// A rendered page is compressed once and sent many times, but is made anew as its data moves: 6
// gives within a few percent of 9's size for a fraction of its time, for Brotli and gzip alike.
const PAGE_LEVELS: CompressionLevels = { brotli: 6, gzip: 6 };

export class PageEncoder {
  private readonly kept = new Lru<string, Buffer>(KEPT_PAGES, KEPT_BYTES, (bytes) => bytes.length);
  private readonly making = new Map<string, Promise<Buffer>>();

  /**
   * Sends `html` as the page's answer in the best encoding the request accepts. With `etag` (the
   * content's), the answer carries it, marked with the encoding (a compressed body is other bytes),
   * and a request that has it gets a 304. `vary` names the request's headers the page depends on
   * beyond its encoding (its language's).
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    html: string,
    { status = 200, etag, vary = [] }: { status?: number; etag?: string; vary?: readonly string[] } = {},
  ): Promise<FastifyReply> {
    const encoding: BodyEncoding =
      Buffer.byteLength(html) >= COMPRESS_FROM_BYTES
        ? preferredEncoding(request.headers['accept-encoding'])
        : 'identity';
    reply.header('vary', ['accept-encoding', ...vary].join(', ')).type('text/html; charset=utf-8');
    if (etag) {
      const sent = encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;
      reply.header('etag', sent);
      if (ifNoneMatch(request.headers['if-none-match'], sent)) return reply.code(304).send();
    }
    if (encoding === 'identity') return reply.code(status).send(html);
    const bytes = await this.encoded(html, etag ?? etagOf(html), encoding);
    return reply.code(status).header('content-encoding', encoding).send(bytes);
  }

  private encoded(html: string, etag: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const key = `${encoding} ${etag}`;
    const kept = this.kept.get(key);
    if (kept) return Promise.resolve(kept);
    let making = this.making.get(key);
    if (!making) {
      making = compress(Buffer.from(html), encoding, PAGE_LEVELS).finally(() => this.making.delete(key));
      making.then((bytes) => this.kept.set(key, bytes)).catch(() => {});
      this.making.set(key, making);
    }
    return making;
  }
}
