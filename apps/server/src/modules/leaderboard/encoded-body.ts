// The leaderboard is read far more often than it changes: each snapshot's answer is serialized (and
// compressed) once per limit and encoding, so a request does no JSON or compression work at all.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { LeaderboardEntry } from '@prison/shared/leaderboard';

export type BodyEncoding = 'identity' | 'br' | 'gzip';
const ENCODINGS: readonly BodyEncoding[] = ['identity', 'br', 'gzip'];

// Like the site-wide compression (app.ts): small bodies are not worth a content-encoding.
const COMPRESS_FROM_BYTES = 1024;

export interface EncodedBody {
  bytes: Buffer;
  /** null when sent as is. */
  encoding: 'br' | 'gzip' | null;
}

// Keyed by the snapshot array itself: a new snapshot starts with an empty cache, and an old one's
// bodies are collected with it.
const cache = new WeakMap<readonly LeaderboardEntry[], Map<number, EncodedBody>>();

/** The answer to ?limit=`limit` from a snapshot, in the client's preferred encoding. */
export function encodedBody(
  snapshot: readonly LeaderboardEntry[],
  limit: number,
  encoding: BodyEncoding,
): EncodedBody {
  let bodies = cache.get(snapshot);
  if (!bodies) {
    bodies = new Map();
    cache.set(snapshot, bodies);
  }
  const key = limit * ENCODINGS.length + ENCODINGS.indexOf(encoding);
  let body = bodies.get(key);
  if (!body) {
    body = encode(snapshot, limit, encoding);
    bodies.set(key, body);
  }
  return body;
}

function encode(snapshot: readonly LeaderboardEntry[], limit: number, encoding: BodyEncoding): EncodedBody {
  if (encoding === 'identity') {
    return { bytes: Buffer.from(JSON.stringify(snapshot.slice(0, limit))), encoding: null };
  }
  const identity = encodedBody(snapshot, limit, 'identity');
  if (identity.bytes.length < COMPRESS_FROM_BYTES) return identity;
  const plain = identity.bytes;
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(plain, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        })
      : gzipSync(plain, { level: 9 });
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
