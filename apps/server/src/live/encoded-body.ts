// Live snapshots (the leaderboard, the docs) are read far more often than they change: each
// snapshot's answer is serialized (and compressed) once per variant and encoding, so a request does
// no JSON or compression work at all.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

export type BodyEncoding = 'identity' | 'br' | 'gzip';
const ENCODINGS: readonly BodyEncoding[] = ['identity', 'br', 'gzip'];

/** Like the site-wide compression (app.ts): smaller bodies are not worth a content-encoding. */
export const COMPRESS_FROM_BYTES = 1024;

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
  /** Brotli's quality: 9 for snapshots sent many times; 4 (a twentieth of the work, a few more bytes) for short-lived answers. */
  brotliQuality = 9,
): EncodedBody {
  let bodies = cache.get(snapshot);
  if (!bodies) {
    bodies = new Map();
    cache.set(snapshot, bodies);
  }
  const key = bodyKey(variant, encoding);
  let body = bodies.get(key);
  if (!body) {
    body = encode(snapshot, variant, encoding, answer, brotliQuality);
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

/**
 * `plain` compressed on zlib's thread pool, so that no request waits on another's compression.
 * `brotliQuality` as for encodedBody; gzip uses level 9, or 6 when Brotli's quality is below 9.
 */
export function compress(plain: Buffer, encoding: 'br' | 'gzip', brotliQuality = 9): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(plain, brotliOptions(brotliQuality, plain.length))
    : gzipAsync(plain, { level: gzipLevel(brotliQuality) });
}

const gzipLevel = (brotliQuality: number) => (brotliQuality >= 9 ? 9 : 6);

/**
 * Makes every encoding of `answer(snapshot, variant)` ahead of the requests, compressing on zlib's
 * thread pool, so that encodedBody then finds them made: for snapshots big enough (the docs list)
 * that compressing one on a request would hold up every other request meanwhile.
 */
export async function encodeAhead<T extends object>(
  snapshot: T,
  variant: number,
  answer: (snapshot: T, variant: number) => unknown,
  brotliQuality = 9,
): Promise<void> {
  const identity = encodedBody(snapshot, variant, 'identity', answer, brotliQuality);
  const bodies = cache.get(snapshot)!;
  if (identity.bytes.length < COMPRESS_FROM_BYTES) {
    bodies.set(bodyKey(variant, 'br'), identity);
    bodies.set(bodyKey(variant, 'gzip'), identity);
    return;
  }
  const plain = identity.bytes;
  const [br, gzipped] = await Promise.all([
    compress(plain, 'br', brotliQuality),
    compress(plain, 'gzip', brotliQuality),
  ]);
  bodies.set(bodyKey(variant, 'br'), { bytes: br, encoding: 'br' });
  bodies.set(bodyKey(variant, 'gzip'), { bytes: gzipped, encoding: 'gzip' });
}

function encode<T extends object>(
  snapshot: T,
  variant: number,
  encoding: BodyEncoding,
  answer: (snapshot: T, variant: number) => unknown,
  brotliQuality: number,
): EncodedBody {
  if (encoding === 'identity') {
    return { bytes: Buffer.from(JSON.stringify(answer(snapshot, variant))), encoding: null };
  }
  const identity = encodedBody(snapshot, variant, 'identity', answer, brotliQuality);
  if (identity.bytes.length < COMPRESS_FROM_BYTES) return identity;
  const plain = identity.bytes;
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(plain, brotliOptions(brotliQuality, plain.length))
      : gzipSync(plain, { level: gzipLevel(brotliQuality) });
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
