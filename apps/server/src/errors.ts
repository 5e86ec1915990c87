// Errors raised on purpose. Below the HTTP layer (services, routes, the live hub, the command line)
// they are domain errors, which say what went wrong in the domain's words; plugins/errors.ts is the
// one place that turns each kind into a status and a {detail} answer. HttpError is the HTTP layer's
// own (plugins, app.ts): lint refuses it anywhere else.

/** What went wrong. */
export type Failure =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: Failure,
    readonly detail: string,
    /** More for the answer beside `detail` (e.g. the bridge's rejected events). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

/** Bad input: a value the domain does not accept. */
export const invalid = (detail: string, extra?: Record<string, unknown>) =>
  new DomainError('invalid', detail, extra);
/** No valid sign-in. */
export const unauthenticated = (detail: string) => new DomainError('unauthenticated', detail);
/** Signed in, but not allowed to. */
export const forbidden = (detail: string) => new DomainError('forbidden', detail);
export const notFound = (detail: string) => new DomainError('not_found', detail);
/** The state of things does not allow it (taken, changed, too few left). */
export const conflict = (detail: string) => new DomainError('conflict', detail);
export const tooLarge = (detail: string) => new DomainError('too_large', detail);
/** Too many attempts: try again later. */
export const rateLimited = (detail: string) => new DomainError('rate_limited', detail);
/** A dependency (the database, the game server) cannot do it right now. */
export const unavailable = (detail: string) => new DomainError('unavailable', detail);

/** The HTTP layer's own errors: a status and a plain sentence. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

export const DATABASE_UNAVAILABLE = 'The database is unavailable right now. Please try again shortly.';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);

/** True when an error means the database cannot be reached (as opposed to a bad query). */
export function isDatabaseDown(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: string; message?: string };
    if (
      code &&
      (CONNECTION_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P03')
    ) {
      return true;
    }
    // "encountered a connection error": pg's answer to the ROLLBACK a transaction sends after its
    // connection died mid-way, which is the error a caller then sees.
    if (
      message &&
      /Connection terminated|timeout exceeded when trying to connect|Client was closed|Client has encountered a connection error|PGlite is closed/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The SQLSTATE of a database error, looking through drizzle's wrapping. */
export function sqlState(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
