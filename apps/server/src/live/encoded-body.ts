// Live snapshots (the leaderboard, the docs) are read far more often than they change: each
// snapshot's answer is serialized (and compressed) once per variant and encoding, so a request does
// no JSON or compression work at all.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

export type BodyEncoding = 'identity' | 'br' | 'gzip';
const ENCODINGS: readonly BodyEncoding[] = ['identity', 'br', 'gzip'];

/** Like the site-wide compression (app.ts): smaller bodies are not worth a content-encoding. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * How hard to compress, per encoding: a body sent many times earns the slowest, smallest setting; a
 * short-lived one a quicker setting (Brotli 4 is a twentieth of 9's work, for a few more bytes).
 */
export interface CompressionLevels {
  brotli: number;
  gzip: number;
}
/** For snapshots, made once and read many times. */
export const SENT_MANY_TIMES: CompressionLevels = { brotli: 9, gzip: 9 };
/** For answers made for one request or a few (a search's). */
export const SHORT_LIVED: CompressionLevels = { brotli: 4, gzip: 6 };

export interface EncodedBody {
  bytes: Buffer;
  /** null when sent as is. */
  encoding: 'br' | 'gzip' | null;
}

// Keyed by the snapshot itself: a new snapshot starts with an empty cache, and an old one's bodies
// are collected with it.
const cache = new WeakMap<object, Map<number, EncodedBody>>();

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding' };
const ENCODED_HEADERS = {
  br: { ...JSON_HEADERS, 'content-encoding': 'br' },
  gzip: { ...JSON_HEADERS, 'content-encoding': 'gzip' },
};

/** The headers that describe an encoded body. */
export function bodyHeaders(body: EncodedBody): Readonly<Record<string, string>> {
  return body.encoding ? ENCODED_HEADERS[body.encoding] : JSON_HEADERS;
}

/**
 * The JSON of `answer(snapshot)` in the client's preferred encoding, made once per snapshot, variant
 * (a small whole number, e.g. the leaderboard's limit) and encoding. `answer` must give the same
 * value for the same snapshot and variant.
 */
export function encodedBody<T extends object>(
  snapshot: T,
  variant: number,
  encoding: BodyEncoding,
  answer: (snapshot: T, variant: number) => unknown,
  levels = SENT_MANY_TIMES,
): EncodedBody {
  let bodies = cache.get(snapshot);
  if (!bodies) {
    bodies = new Map();
    cache.set(snapshot, bodies);
  }
  const key = bodyKey(variant, encoding);
  let body = bodies.get(key);
  if (!body) {
    body = encode(snapshot, variant, encoding, answer, levels);
    bodies.set(key, body);
  }
  return body;
}

const bodyKey = (variant: number, encoding: BodyEncoding) =>
  variant * ENCODINGS.length + ENCODINGS.indexOf(encoding);

// Brotli's text mode: every body compressed here is JSON or HTML.
const brotliOptions = (quality: number, bytes: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
});
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `plain` compressed on zlib's thread pool, so that no request waits on another's compression. */
export function compress(plain: Buffer, encoding: 'br' | 'gzip', levels = SENT_MANY_TIMES): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(plain, brotliOptions(levels.brotli, plain.length))
    : gzipAsync(plain, { level: levels.gzip });
}

/**
 * Makes every encoding of `answer(snapshot, variant)` ahead of the requests, compressing on zlib's
 * thread pool, so that encodedBody then finds them made: for snapshots big enough (the docs list)
 * that compressing one on a request would hold up every other request meanwhile.
 */
export async function encodeAhead<T extends object>(
  snapshot: T,
  variant: number,
  answer: (snapshot: T, variant: number) => unknown,
  levels = SENT_MANY_TIMES,
): Promise<void> {
  const identity = encodedBody(snapshot, variant, 'identity', answer, levels);
  const bodies = cache.get(snapshot)!;
  if (identity.bytes.length < COMPRESS_FROM_BYTES) {
    bodies.set(bodyKey(variant, 'br'), identity);
    bodies.set(bodyKey(variant, 'gzip'), identity);
    return;
  }
  const plain = identity.bytes;
  const [br, gzipped] = await Promise.all([compress(plain, 'br', levels), compress(plain, 'gzip', levels)]);
  bodies.set(bodyKey(variant, 'br'), { bytes: br, encoding: 'br' });
  bodies.set(bodyKey(variant, 'gzip'), { bytes: gzipped, encoding: 'gzip' });
}

function encode<T extends object>(
  snapshot: T,
  variant: number,
  encoding: BodyEncoding,
  answer: (snapshot: T, variant: number) => unknown,
  levels: CompressionLevels,
): EncodedBody {
  if (encoding === 'identity') {
    return { bytes: Buffer.from(JSON.stringify(answer(snapshot, variant))), encoding: null };
  }
  const identity = encodedBody(snapshot, variant, 'identity', answer, levels);
  if (identity.bytes.length < COMPRESS_FROM_BYTES) return identity;
  const plain = identity.bytes;
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(plain, brotliOptions(levels.brotli, plain.length))
      : gzipSync(plain, { level: levels.gzip });
  return { bytes, encoding };
}

/**
 * The best encoding an Accept-Encoding header allows: br, then gzip, else identity. A coding with
 * q=0 is refused; `*` stands for any coding not named.
 */
export function preferredEncoding(header: string | undefined): BodyEncoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const weight = params.find((p) => p.startsWith('q='));
    const value = weight === undefined ? 1 : Number(weight.slice(2));
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isNaN(value) ? 0 : value);
  }
  const allows = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}
