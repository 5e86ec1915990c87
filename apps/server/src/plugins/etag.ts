// Entity tags for answers the server makes itself (pages, preview images): a strong tag from what
// the answer is made of, and the If-None-Match check that turns a repeat into a 304.
import { createHash } from 'node:crypto';

/** A strong ETag for `content` (the answer's bytes, or a key that names them). */
export const etagOf = (content: string | Buffer) =>
  `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match header names `etag` (weak or strong). */
export const ifNoneMatch = (header: string | undefined, etag: string) =>
  header?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;
