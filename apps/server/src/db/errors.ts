// What a database error means: the database cannot be reached, or which SQLSTATE it answered.

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
